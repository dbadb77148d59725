export { reportRoutes } from './routes';
