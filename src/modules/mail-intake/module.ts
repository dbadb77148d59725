import { defineModule } from '../../module';

export const mailIntakeModule = defineModule({
  name: 'mail-intake',
});
