import { defineModule } from '../../module';
import { peppolDirectoryRoutes } from './routes';

export const peppolDirectoryModule = defineModule({
  name: 'peppol-directory',
  routes: (auth, deps) => peppolDirectoryRoutes(auth, deps.peppolLookup),
});
