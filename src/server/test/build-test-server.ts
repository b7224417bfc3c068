import { buildTestServer } from './processes';

/** Global setup of `npm run test:faults`: the server processes its tests start run one bundle of this run's sources. */
export default function setup() {
  buildTestServer();
}
