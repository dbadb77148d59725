export { channelsAccess } from './access';
export { uuidOf } from './use-cases/send';
