export { Overage, OverageBody } from './model';
export { reserveRender } from './quota';
export { describeOverage } from './use-cases/describe-overage';
export { setOverage } from './use-cases/set-overage';
