import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from './guards';
import { authController } from './controller';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = authController(ctx);
  const { guest, signedIn } = guards(ctx);

  router.get('/register', ...guest, c.showRegister);
  router.post('/register', ...guest, c.register);
  router.get('/login', ...guest, c.showLogin);
  router.post('/login', ...guest, c.login);
  router.get('/forgot-password', ...guest, c.showForgot);
  router.post('/forgot-password', ...guest, c.forgot);
  router.get('/reset-password/:token', ...guest, c.showReset);
  router.post('/reset-password', ...guest, c.reset);

  router.post('/logout', ...signedIn, c.logout);
  router.get('/verify-email', ...signedIn, c.showVerifyNotice);
  router.get('/verify-email/:id/:hash', ...signedIn, c.verify);
  router.post('/email/verification-notification', ...signedIn, c.resendVerification);
  router.get('/confirm-password', ...signedIn, c.showConfirm);
  router.post('/confirm-password', ...signedIn, c.confirm);
  // The confirmation dialog (Fortify's names): JSON in, JSON out.
  router.get('/user/confirmed-password-status', ...signedIn, c.confirmedPasswordStatus);
  router.post('/user/confirm-password', ...signedIn, c.confirmInDialog);
  return router;
}
