import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER, needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { portalClientParamsSchema } from '../../contracts/portal.ts';
import { autoPaySchema, cardOnFileSchema, cardSetupSchema, confirmCardSchema } from '../../contracts/card-on-file.ts';
import { confirmMyCard, getClientCard, getMyCard, removeMyCard, setClientAutoPay, startMyCardSetup, type CardDeps } from '../../application/payments/card-on-file.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const view = { 200: cardOnFileSchema, ...errors };
const clientParams = z.object({ id: z.string().min(1).max(200) });

/** Card on file (docs/payments.md): the customer's side in the portal, the office's on the client record. */
export const cardOnFileRoutes: FastifyPluginAsyncZod<CardDeps> = async (app, deps) => {
  const portal = { config: { access: CUSTOMER }, schema: { params: portalClientParamsSchema, response: view } };
  app.get('/api/portal/clients/:clientId/card', portal, async (req) => getMyCard(deps, req.auth, req.params.clientId));
  app.post(
    '/api/portal/clients/:clientId/card/setup',
    { config: { access: CUSTOMER }, schema: { params: portalClientParamsSchema, response: { 200: cardSetupSchema, ...errors } } },
    async (req) => startMyCardSetup(deps, req.auth, req.params.clientId),
  );
  app.post('/api/portal/clients/:clientId/card', { ...portal, schema: { ...portal.schema, body: confirmCardSchema } }, async (req) => confirmMyCard(deps, req.auth, req.params.clientId, req.body.session));
  app.delete('/api/portal/clients/:clientId/card', portal, async (req) => removeMyCard(deps, req.auth, req.params.clientId));

  app.get('/api/clients/:id/card', { config: { access: needs('viewClients') }, schema: { params: clientParams, response: view } }, async (req) => getClientCard(deps, req.auth, req.params.id));
  app.put('/api/clients/:id/auto-pay', { config: { access: needs('editClients') }, schema: { params: clientParams, body: autoPaySchema, response: view } }, async (req) => setClientAutoPay(deps, req.auth, req.params.id, req.body.autoPay));
};
