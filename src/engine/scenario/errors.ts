// A scenario that cannot be used: every problem, each naming its field, in the Kubernetes style.
export class ScenarioError extends Error {
  constructor(readonly errors: string[], name = '') {
    super(`The Scenario ${JSON.stringify(name)} is invalid: ${errors.length === 1 ? errors[0] : `\n${errors.map((e) => `* ${e}`).join('\n')}`}`);
  }
}
