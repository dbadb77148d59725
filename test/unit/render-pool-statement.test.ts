// A customer statement travels to the render pool as any PDF does (RenderInput.statement, issue 37): a
// render worker draws it, and the pool's time limit stops a long one with a 422 that says what to do.
import { describe, expect, test } from 'bun:test';
import { statementRenderInput } from '../../src/rendering/statement/render-input';
import type { StatementPdfInput } from '../../src/rendering/statement/types';
import { DomainError } from '../../src/shared/errors';
import { RenderPool } from '../../src/workers/render-pool';
import { inspectPdf } from '../pdf-tools';

function statement(lines: number): StatementPdfInput {
  return {
    locale: 'en-US',
    pageSize: 'A4',
    issued: '2026-12-01',
    from: '2026-01-01',
    to: '2026-12-31',
    seller: { name: 'Müller', lines: ['Hauptstr. 1', 'Berlin'] },
    customer: { name: 'Acme Ltd', lines: ['1 Main St'] },
    sections: [
      {
        currency: 'EUR',
        opening_balance: '0.00',
        closing_balance: `${lines * 10}.00`,
        entries: Array.from({ length: lines }, (_, i) => ({
          date: '2026-03-02',
          type: 'invoice' as const,
          number: `ST-${i}`,
          due_date: '2026-04-01',
          amount: '10.00',
          balance: `${(i + 1) * 10}.00`,
        })),
        overdue: { amount: '0.00', documents: [] },
      },
    ],
  };
}

describe('statements in the render pool', () => {
  test('a render worker draws the statement', async () => {
    // The ceiling watches the whole process: the unit lane (every file in one process) may pass 2 GiB.
    const pool = new RenderPool(1, { timeLimitMs: 30_000, memoryLimitBytes: Number.POSITIVE_INFINITY });
    try {
      const pdf = await inspectPdf(await pool.render(statementRenderInput(statement(3))));
      expect(pdf.pages).toBe(1);
      expect(pdf.text).toContain('Acme Ltd');
      expect(pdf.text).toContain('ST-2');
      expect(pdf.text).toContain('€30.00');
    } finally {
      pool.close();
    }
  }, 30_000);

  test("past the pool's time limit it is a 422 asking for a shorter period", async () => {
    const pool = new RenderPool(1, { timeLimitMs: 100, memoryLimitBytes: 64 * 1024 ** 3 });
    try {
      // Thousands of lines (over a hundred pages) take far longer than 0.1 s to draw, warm-up aside.
      const error = await pool.render(statementRenderInput(statement(8_000))).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('unprocessable_entity');
      expect((error as Error).message).toBe(
        'The PDF could not be drawn within 0.1 s (ask for a shorter period)',
      );
    } finally {
      pool.close();
    }
  }, 30_000);
});
