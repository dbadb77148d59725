export { type ProfileOptions, type ProfilePart, type ProfileResult, runProfile } from './run-profile';
export { type RulesetResult, type RunOptions, runRuleset, TRANSFORM_ERROR } from './run-ruleset';
export { compileRulePack, warmRulePack } from './warm';
