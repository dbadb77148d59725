import { defineModule } from '../../module';

export const plansModule = defineModule({
  name: 'plans',
  idPrefixes: ['plan'],
});
