/**
 * A stand-in for the table in unit tests: `db.send` (functions/data/client.ts) answers what the test
 * says for each command class and keeps every command it was sent, so a test asserts the answer and
 * what was asked of DynamoDB without a DynamoDB (the integration tests have DynamoDB Local).
 *
 *   const ddb = fakeDb();
 *   beforeEach(() => ddb.reset());
 *   ddb.on(GetCommand, { Key: { pk: 'USER#a1', sk: 'PROFILE' } }).resolves({ Item: admin });
 *   ddb.on(PutCommand).resolvesOnce({}).rejects(new ConditionalCheckFailedException({ message: 'taken' }));
 *   expect(ddb.inputs(PutCommand)).toContainEqual(expect.objectContaining({ ConditionExpression: 'attribute_not_exists(pk)' }));
 *
 * `on(...).resolves/rejects` read as the SDK client mock these tests used did, before `db` stopped
 * being an SDK client.
 */
import { expect, vi } from 'vitest';
import { db, type OutputOf } from '../../functions/data/client';

type Sent = Parameters<typeof db.send>[0];
type CommandClass<C> = new (input: never) => C;
type InputOf<C> = C extends { input: infer I } ? I : never;
type Answer = { value: unknown } | { error: Error };

interface Rule {
  matches: (command: Sent) => boolean;
  once: Answer[];
  always?: Answer;
}

export interface CommandAnswers<C> {
  resolves(output: OutputOf<C>): CommandAnswers<C>;
  rejects(error: Error): CommandAnswers<C>;
  /** Answers the next matching command only; later ones get the following `*Once`, then `resolves`/`rejects`. */
  resolvesOnce(output: OutputOf<C>): CommandAnswers<C>;
  rejectsOnce(error: Error): CommandAnswers<C>;
}

export function fakeDb() {
  let rules: Rule[] = [];
  const sent: Sent[] = [];

  function answer(command: Sent): Promise<unknown> {
    sent.push(command);
    // The latest rule that still has an answer wins, so a test can override its beforeEach defaults.
    const rule = rules.findLast((r) => r.matches(command) && (r.once.length > 0 || r.always));
    const chosen = rule?.once.shift() ?? rule?.always;
    // A command nobody said how to answer fails loudly, not as an undefined output deep in the code.
    if (!chosen) return Promise.reject(new Error(`fakeDb: no answer for ${command.constructor.name} ${JSON.stringify(command.input)}`));
    return 'error' in chosen ? Promise.reject(chosen.error) : Promise.resolve(chosen.value);
  }

  // Installed again on every reset: a test file's vi.restoreAllMocks() takes the spy away.
  const install = () => vi.spyOn(db, 'send').mockImplementation(answer);
  install();

  return {
    /**
     * How to answer commands of `type`; with `input`, only those whose input has these top-level
     * fields (compared as expect.objectContaining does, so asymmetric matchers work).
     */
    on<C extends Sent>(type: CommandClass<C>, input?: Partial<InputOf<C>>): CommandAnswers<C> {
      const rule: Rule = {
        matches: (command) => command instanceof type && (!input || expect.objectContaining<object>(input).asymmetricMatch(command.input)),
        once: [],
      };
      rules.push(rule);
      const answers: CommandAnswers<C> = {
        resolves(value) {
          rule.always = { value };
          return answers;
        },
        rejects(error) {
          rule.always = { error };
          return answers;
        },
        resolvesOnce(value) {
          rule.once.push({ value });
          return answers;
        },
        rejectsOnce(error) {
          rule.once.push({ error });
          return answers;
        },
      };
      return answers;
    },

    /** The inputs of the commands of `type` sent since the last reset, in order. */
    inputs<C extends Sent>(type: CommandClass<C>): InputOf<C>[] {
      return sent.filter((c): c is C => c instanceof type).map((c) => c.input as InputOf<C>);
    },

    /** Every command sent since the last reset, in order. */
    sent,

    /** Forgets the answers and the commands sent. */
    reset(): void {
      rules = [];
      sent.length = 0;
      install();
    },
  };
}
