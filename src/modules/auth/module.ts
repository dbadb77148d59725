import { defineModule } from '../../module';

export const authModule = defineModule({
  name: 'auth',
});
