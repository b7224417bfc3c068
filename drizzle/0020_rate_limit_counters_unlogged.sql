-- The order path's rate-limit counters (checkouts per address) are written without the write-ahead log
-- (docs/decisions/141): a counter's commit then does not wait for a disk flush, so concurrent attempts on one
-- counter no longer queue behind each other's flushes. A crash of the database server empties the table (the
-- limits start again from zero); nothing else is lost.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
