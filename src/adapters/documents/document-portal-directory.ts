import type { Client } from '../../domain/clients/client.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import { MAX_TERM_LENGTH } from '../../domain/clients/client-search.ts';
import { emailsMatch } from '../../domain/auth/permissions.ts';
import type { ContractRepository } from '../../domain/monitoring/contract-repository.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import type { DocumentData } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';
import type { PortalDirectory, ServiceRequest, ServiceRequestStore } from '../../domain/portal/portal-directory.ts';
import type { SignInLinkOutcome, SignInLinkStore } from '../../domain/portal/sign-in-link.ts';
import type { Proposal } from '../../domain/proposals/proposal.ts';
import type { ProposalRepository } from '../../domain/proposals/proposal-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { CLIENT_TERMS } from './document-client-repository.ts';
import { MONITORING_CONTRACTS } from './document-contract-repository.ts';
import { PROPOSALS } from './document-proposal-repository.ts';

/**
 * The client hub's reads on the document store (docs/portal.md). Clients by contact e-mail use
 * the clients' term index (an e-mail is one of a client's search terms), then keep only clients
 * with a contact holding exactly that address: a term is cut at 64 characters and also holds
 * other words, so the index only narrows the search. Proposals and contracts by client use the
 * (clientId, createdAt) indexes for their ids and their own repositories for the records.
 */
export class DocumentPortalDirectory implements PortalDirectory {
  private readonly store: DocumentStore;
  private readonly clients: Pick<ClientRepository, 'getMany'>;
  private readonly proposals: Pick<ProposalRepository, 'get' | 'findByToken'>;
  private readonly contracts: Pick<ContractRepository, 'get'>;

  constructor(store: DocumentStore, repos: { clients: Pick<ClientRepository, 'getMany'>; proposals: Pick<ProposalRepository, 'get' | 'findByToken'>; contracts: Pick<ContractRepository, 'get'> }) {
    this.store = store;
    this.clients = repos.clients;
    this.proposals = repos.proposals;
    this.contracts = repos.contracts;
  }

  async clientsForEmail(email: string): Promise<Client[]> {
    const term = email.slice(0, MAX_TERM_LENGTH);
    const page = await this.store.collection<DocumentData>(CLIENT_TERMS).query({ where: [where('term', '>=', term), where('term', '<', `${term}\u0001`)], limit: 200 });
    const ids = [...new Set(page.docs.map((d) => String(d['clientId'])))];
    const found = await this.clients.getMany(ids);
    return found.filter((c) => c.contacts.some((k) => k.emails.some((e) => emailsMatch(e, email)))).sort((a, b) => a.name.localeCompare(b.name));
  }

  private async idsOf(collection: string, clientId: string, limit: number): Promise<string[]> {
    const page = await this.store.collection<DocumentData>(collection).query({ where: [where('clientId', '==', clientId)], orderBy: [orderBy('createdAt', 'desc')], limit });
    return page.docs.map((d) => d.id);
  }

  async proposalsOf(clientId: string, limit: number): Promise<Proposal[]> {
    const all = await Promise.all((await this.idsOf(PROPOSALS, clientId, limit)).map((id) => this.proposals.get(id)));
    return all.filter((p): p is Proposal => p !== null && p.clientId === clientId);
  }

  async proposalClientId(token: string): Promise<string | null> {
    return (await this.proposals.findByToken(token))?.clientId ?? null;
  }

  async contractsOf(clientId: string, limit: number): Promise<MonitoringContract[]> {
    const all = await Promise.all((await this.idsOf(MONITORING_CONTRACTS, clientId, limit)).map((id) => this.contracts.get(id)));
    return all.filter((c): c is MonitoringContract => c !== null && c.clientId === clientId);
  }
}

const SIGN_IN_LINKS = 'portal_sign_in_links';
const SERVICE_REQUESTS = 'portal_service_requests';


type LinkDoc = { email: string; expiresAt: string; purgeAt: string; usedAt: string | null };

export class DocumentSignInLinkStore implements SignInLinkStore {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async issue(tokenHash: string, email: string, expiresAt: Date): Promise<void> {
    await this.store.collection<LinkDoc>(SIGN_IN_LINKS).create({ email, expiresAt: expiresAt.toISOString(), purgeAt: new Date(expiresAt.getTime() + 86_400_000).toISOString(), usedAt: null }, tokenHash);
  }

  async consume(tokenHash: string, now: Date): Promise<SignInLinkOutcome> {
    const id = tokenHash;
    return this.store.runTransaction(async (tx): Promise<SignInLinkOutcome> => {
      const d = await tx.get<LinkDoc>(SIGN_IN_LINKS, id);
      if (!d) return { kind: 'unknown' };
      if (d.usedAt) return { kind: 'used' };
      if (d.expiresAt <= now.toISOString()) return { kind: 'expired' };
      tx.update(SIGN_IN_LINKS, id, { usedAt: now.toISOString() });
      return { kind: 'ok', email: d.email };
    });
  }
}

type RequestDoc = Omit<ServiceRequest, 'messageId'>;

export class DocumentServiceRequestStore implements ServiceRequestStore {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async add(r: ServiceRequest): Promise<void> {
    const { messageId, ...doc } = r;
    await this.store.collection<RequestDoc>(SERVICE_REQUESTS).create(doc, messageId);
  }

  async get(messageId: string): Promise<ServiceRequest | null> {
    const d = await this.store.collection<RequestDoc>(SERVICE_REQUESTS).get(messageId);
    return d ? { messageId: d.id, clientId: d.clientId, siteId: d.siteId, title: d.title, details: d.details, jobId: d.jobId ?? null, jobNumber: d.jobNumber ?? null } : null;
  }

  async linkJob(messageId: string, jobId: string, jobNumber?: string): Promise<void> {
    await this.store.runTransaction(async (tx) => {
      const d = await tx.get<RequestDoc>(SERVICE_REQUESTS, messageId);
      if (!d) throw new DomainError('not-found', 'No service request with this message.');
      if (d.jobId) throw new DomainError('conflict', 'A job was already opened from this service request.');
      tx.update(SERVICE_REQUESTS, messageId, { jobId, jobNumber: jobNumber ?? null });
    });
  }
}
