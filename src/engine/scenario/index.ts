// Scenarios and exercises: the engine API that the worker, the page's panels (through the worker) and the
// command line use.
//
//   gallery(): GalleryEntry[]                     bundled scenarios (id, title/description EN+ZH, steps, source)
//   galleryScenario(id) / parseScenario(text)     a Scenario (parse migrates older apiVersions, then validates:
//                                                 ScenarioError lists every problem with its field path)
//   loadScenario(scenario, { student })           → { cluster, scenario (the student's variant), variant, problems }
//     or, into a cluster the caller created:      resolveScenario(s, student) → clusterOptions(s) → setUpCluster(c, s)
//   evaluateStep(cluster, step)                   → { pass, checks: [{ pass, reason: { en, zh } }] }
//   hintLadder(step)                              nudge, stronger hint, then the solution's commands
//   runSolution(cluster, step)                    the reference solution (returns failed commands)
//   chooseVariant(scenario, student)              the variable values a student's name selects
//
// The timeline runs on the cluster's clock (KubesimCluster.schedule), survives snapshots, and reports each
// command's result through cluster.onScheduledRun. Exercise progress (steps done, attempts, hints, time) is the
// page's to keep; checks are pure reads of the cluster.
export { SCENARIO_API_VERSION, SCENARIO_KIND } from './format.ts';
export type { Check, Command, Exercise, ExerciseStep, Locale, Scenario, ScenarioNode, Text, TimelineEntry, TrafficSource } from './format.ts';
export { ScenarioError } from './errors.ts';
export { validateScenario } from './validate.ts';
export { migrateScenario } from './migrate.ts';
export { chooseVariant, applyVariant } from './variants.ts';
export { clusterOptions, loadScenario, nodeCommands, parseScenario, resolveScenario, setUpCluster, type LoadedScenario } from './load.ts';
export { evaluateCheck, evaluateChecks, type CheckResult } from './checks.ts';
export { commandText, evaluateStep, hintLadder, runSolution, type StepResult } from './exercise.ts';
export { gallery, galleryScenario, type GalleryEntry } from './gallery.ts';
