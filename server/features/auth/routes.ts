import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from './guards';
import { authController } from './controller';
import { path } from '../../../shared/routes';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = authController(ctx);
  const { guest, signedIn } = guards(ctx);

  router.get(path('register'), ...guest, c.showRegister);
  router.post(path('register.store'), ...guest, c.register);
  router.get(path('login'), ...guest, c.showLogin);
  router.post(path('login.store'), ...guest, c.login);
  router.get(path('password.request'), ...guest, c.showForgot);
  router.post(path('password.email'), ...guest, c.forgot);
  router.get(path('password.reset'), ...guest, c.showReset);
  router.post(path('password.store'), ...guest, c.reset);

  router.post(path('logout'), ...signedIn, c.logout);
  router.get(path('verification.notice'), ...signedIn, c.showVerifyNotice);
  router.get(path('verification.verify'), ...signedIn, c.verify);
  router.post(path('verification.send'), ...signedIn, c.resendVerification);
  router.get(path('password.confirm'), ...signedIn, c.showConfirm);
  router.post(path('password.confirm.store'), ...signedIn, c.confirm);
  // The confirmation dialog (Fortify's names): JSON in, JSON out.
  router.get(path('password.confirmation-status'), ...signedIn, c.confirmedPasswordStatus);
  router.post(path('password.confirm-in-dialog'), ...signedIn, c.confirmInDialog);
  return router;
}
