import type { AppDeps } from '../../deps.js';
import { createCrudService } from '../crud-service.js';
import { createMembershipCardsRepository } from './repository.js';

export function createMembershipCardsService(deps: AppDeps) {
  return createCrudService(deps, createMembershipCardsRepository(deps.db), 'Membership card');
}
