import { z } from 'zod';
import { parseMoney } from './money-input';

/**
 * A money input in a useZodForm form: the text typed ("12.50", "$12.50") → minor units (1250), or `message` when it is
 * not an amount. Pipe it into the contract's own rule for the field (`.pipe(variantBodySchema.shape.price)`).
 */
export const moneyText = (message: string) =>
  z.string().transform((text, ctx) => {
    const minor = parseMoney(text);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });
