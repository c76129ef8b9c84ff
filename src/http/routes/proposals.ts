import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, needs } from '../access.ts';
import { isStaff } from '../../domain/auth/permissions.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { auditListSchema } from '../../contracts/audit.ts';
import {
  acceptRequestSchema,
  bomDraftRequestSchema,
  declineRequestSchema,
  proposalIdParamsSchema,
  proposalListQuerySchema,
  proposalListResponseSchema,
  proposalRequestSchema,
  proposalSchema,
  publicProposalSchema,
  sendRequestSchema,
  tokenParamsSchema,
} from '../../contracts/proposals.ts';
import type { ProposalDeps } from '../../application/proposals/proposal-deps.ts';
import { createProposal, duplicateProposal, updateProposal } from '../../application/proposals/save-proposal.ts';
import { getProposal, listProposals, proposalAudit } from '../../application/proposals/read-proposals.ts';
import { proposalPdf, sendProposal } from '../../application/proposals/send-proposal.ts';
import { convertProposal } from '../../application/proposals/convert-proposal.ts';
import { createProposalFromBom } from '../../application/proposals/create-proposal-from-bom.ts';
import { revokeProposalLink, rotateProposalLink } from '../../application/proposals/proposal-link.ts';
import { publicLinkSchema } from '../../contracts/public-link.ts';
import { sendPreviewSchema } from '../../contracts/send-preview.ts';
import { proposalSendPreview } from '../../application/proposals/proposal-send-preview.ts';
import { acceptPublicProposal, declinePublicProposal, publicProposalPdf, viewPublicProposal } from '../../application/proposals/respond-to-proposal.ts';
import { proposalCertificatePdf, proposalSignature } from '../../application/proposals/acceptance-files.ts';
import { sendStoredFile } from '../file-responses.ts';

const VIEW = needs('viewProposals');
const EDIT = needs('editProposals');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema };
/** Public answers are few per client; the limit stops token guessing and form flooding. */
const PUBLIC_READ_LIMIT = { max: 60, timeWindow: '1 minute' };
const PUBLIC_WRITE_LIMIT = { max: 10, timeWindow: '10 minutes' };

const sendPdf = (reply: FastifyReply, fileName: string, pdf: Uint8Array, disposition: 'inline' | 'attachment') =>
  reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));

/** /admin/proposals (viewProposals / editProposals) and the client's public link (/p/:token). */
export const proposalRoutes: FastifyPluginAsyncZod<ProposalDeps> = async (app, deps) => {
  app.get(
    '/api/proposals',
    { config: { access: VIEW }, schema: { querystring: proposalListQuerySchema, response: { 200: proposalListResponseSchema, ...errors } } },
    async (req) => {
      const q = req.query;
      return listProposals(deps, req.auth, { status: q.status ?? null, search: q.search, sort: q.sort, direction: q.dir, limit: q.limit, cursor: q.cursor ?? null });
    },
  );

  app.post(
    '/api/proposals',
    { config: { access: EDIT }, schema: { body: proposalRequestSchema, response: { 201: proposalSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createProposal(deps, req.auth, req.body)),
  );

  app.post(
    '/api/proposals/from-bom',
    { config: { access: EDIT }, schema: { body: bomDraftRequestSchema, response: { 201: proposalSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createProposalFromBom(deps, req.auth, req.body)),
  );

  app.get(
    '/api/proposals/:id',
    { config: { access: VIEW }, schema: { params: proposalIdParamsSchema, response: { 200: proposalSchema, ...errors } } },
    async (req) => getProposal(deps, req.auth, req.params.id),
  );

  app.put(
    '/api/proposals/:id',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, body: proposalRequestSchema, response: { 200: proposalSchema, ...errors } } },
    async (req) => updateProposal(deps, req.auth, req.params.id, req.body),
  );

  app.get(
    '/api/proposals/:id/send-preview',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, response: { 200: sendPreviewSchema, ...errors } } },
    async (req) => proposalSendPreview(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/proposals/:id/send',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, body: sendRequestSchema, response: { 200: proposalSchema, ...errors } } },
    async (req) => sendProposal(deps, req.auth, req.params.id, req.body.to),
  );

  app.post(
    '/api/proposals/:id/convert',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, response: { 200: proposalSchema, ...errors } } },
    async (req) => convertProposal(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/proposals/:id/duplicate',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, response: { 201: proposalSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await duplicateProposal(deps, req.auth, req.params.id)),
  );

  // The client's link: revoke (it stops working) or rotate (a new one; the old one stops working).
  app.post(
    '/api/proposals/:id/link/revoke',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, response: { 200: publicLinkSchema, ...errors } } },
    async (req) => revokeProposalLink(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/proposals/:id/link/rotate',
    { config: { access: EDIT }, schema: { params: proposalIdParamsSchema, response: { 200: publicLinkSchema, ...errors } } },
    async (req) => rotateProposalLink(deps, req.auth, req.params.id),
  );

  app.get('/api/proposals/:id/pdf', { config: { access: VIEW }, schema: { params: proposalIdParamsSchema } }, async (req, reply) => {
    const { fileName, pdf } = await proposalPdf(deps, req.auth, req.params.id);
    return sendPdf(reply, fileName, pdf, 'inline');
  });

  // The signed acceptance: the certified PDF (its last page the acceptance certificate) and the signature.
  app.get('/api/proposals/:id/certificate', { config: { access: VIEW }, schema: { params: proposalIdParamsSchema } }, async (req, reply) => {
    const { fileName, pdf } = await proposalCertificatePdf(deps, req.auth, req.params.id);
    return sendPdf(reply, fileName, pdf, 'inline');
  });

  app.get('/api/proposals/:id/signature', { config: { access: VIEW }, schema: { params: proposalIdParamsSchema } }, async (req, reply) => sendStoredFile(reply, await proposalSignature(deps, req.auth, req.params.id)));

  app.get(
    '/api/proposals/:id/audit',
    { config: { access: VIEW }, schema: { params: proposalIdParamsSchema, response: { 200: auditListSchema, ...errors } } },
    async (req) => ({ entries: await proposalAudit(deps, req.auth, req.params.id) }),
  );

  // ---- the client's public link ----------------------------------------------------------------

  app.get(
    '/api/public/proposals/:token',
    { config: { access: PUBLIC, rateLimit: PUBLIC_READ_LIMIT }, schema: { params: tokenParamsSchema, response: { 200: publicProposalSchema, 404: apiErrorSchema, 410: apiErrorSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return viewPublicProposal(deps, req.params.token, req.ip, isStaff(req.auth));
    },
  );

  app.get('/api/public/proposals/:token/pdf', { config: { access: PUBLIC, rateLimit: PUBLIC_READ_LIMIT }, schema: { params: tokenParamsSchema } }, async (req, reply) => {
    const { fileName, pdf } = await publicProposalPdf(deps, req.params.token);
    return sendPdf(reply, fileName, pdf, 'attachment');
  });

  app.post(
    '/api/public/proposals/:token/accept',
    { config: { access: PUBLIC, rateLimit: PUBLIC_WRITE_LIMIT }, schema: { params: tokenParamsSchema, body: acceptRequestSchema, response: { 200: publicProposalSchema, ...errors } } },
    async (req) => {
      const { view: result } = await acceptPublicProposal(deps, req.params.token, req.body, req.ip, req.headers['user-agent']?.slice(0, 500) ?? null);
      req.log.info({ proposal: result.number }, 'proposal accepted through its public link');
      return result;
    },
  );

  app.post(
    '/api/public/proposals/:token/decline',
    { config: { access: PUBLIC, rateLimit: PUBLIC_WRITE_LIMIT }, schema: { params: tokenParamsSchema, body: declineRequestSchema, response: { 200: publicProposalSchema, ...errors } } },
    async (req) => declinePublicProposal(deps, req.params.token, req.body, req.ip),
  );
};
