// expectShape: an answer checked against its endpoint row's strict schema (api/outputs.ts), as the wire carries it
// (through JSON: a key holding undefined is not sent). An extra or a missing key fails, naming the path and the key.
import { expect } from 'vitest';
import type { z } from 'zod';
import type { EndpointSpec } from '../../src/api/endpoint.js';

/** The first problems of a failed parse, one a line: `orderItems.0.tax: Unrecognized key`. */
export function shapeProblems(schema: z.ZodType, answer: unknown): string[] {
  const wire: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = schema.safeParse(wire);
  return result.success ? [] : describe(result.error.issues, []).slice(0, 5);
}

/** Each issue as `path: message`; a union's by the issues of each of its branches (else only "Invalid input"). */
function describe(issues: readonly z.core.$ZodIssue[], at: PropertyKey[]): string[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length)
      return issue.errors.flatMap((branch, i) => describe(branch, path).map((line) => `(branch ${i + 1}) ${line}`));
    return [`${path.map(String).join('.') || '(answer)'}: ${issue.message}`];
  });
}

/** Fails unless `answer` has exactly the shape the row declares (the row must carry a schema). */
export function expectShape(row: EndpointSpec, answer: unknown): void {
  const schema = row.output.schema;
  if (!schema) throw new Error(`${row.method} ${row.path} declares no output schema (api/outputs.ts)`);
  expect(shapeProblems(schema, answer), `${row.method} ${row.path} answers ${row.output.name}`).toEqual([]);
}
