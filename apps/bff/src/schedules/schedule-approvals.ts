/**
 * A series' version approved once by the policy's requirements (issue 63), as a batch is
 * (ADR 027, issue 55): never by its author, only by the roles a requirement names, each operator
 * once, each approval counting towards every requirement its role holds; the version is in force
 * once every requirement is met, the one before it superseded. A rejection ends a version
 * awaiting approval. Each is a recorded action of the series.
 */
import type { Role } from '@console/schemas';
import {
  advances,
  progressOf,
  rolesOf,
  type StoredRequirement,
} from '../batches/batch-requirements';
import type { Db, Queryable } from '../db/db';
import { recordAction } from './schedule-store';

export type ScheduleApproveOutcome =
  | { ok: true; inForce: boolean }
  | { ok: false; reason: 'not-found' | 'state' | 'own' | 'role' | 'again' | 'adds-nothing' };

type Approver = { username: string; display_name: string; role: Role };

export function createScheduleApprovals(db: Db) {
  /** The version of the series, locked, with its series' state; undefined when not the series'. */
  async function versionOf(tx: Queryable, seriesId: string, versionId: string) {
    const [found] = await tx.query<{
      state: string;
      series_state: string;
      created_by: string;
      requirements: StoredRequirement[];
    }>(
      `select v.state, s.state as series_state, v.created_by, v.requirements
       from schedule_versions v join schedule_series s on s.id = v.series_id
       where v.id = $1::uuid and v.series_id = $2::uuid
       for update of v`,
      [versionId, seriesId],
    );
    return found;
  }

  return {
    async approve(
      seriesId: string,
      versionId: string,
      approver: Approver,
    ): Promise<ScheduleApproveOutcome> {
      return db.transaction(async (tx): Promise<ScheduleApproveOutcome> => {
        const version = await versionOf(tx, seriesId, versionId);
        if (!version) return { ok: false, reason: 'not-found' };
        if (version.state !== 'awaiting_approval' || version.series_state === 'cancelled') {
          return { ok: false, reason: 'state' };
        }
        if (version.created_by === approver.username) return { ok: false, reason: 'own' };
        if (!rolesOf(version.requirements).includes(approver.role)) {
          return { ok: false, reason: 'role' };
        }
        const given = await tx.query<{ approver: string; role: Role }>(
          'select approver, role from schedule_approvals where version_id = $1::uuid',
          [versionId],
        );
        if (given.some((a) => a.approver === approver.username)) {
          return { ok: false, reason: 'again' };
        }
        const roles = given.map((a) => a.role);
        if (!advances(version.requirements, roles, approver.role)) {
          return { ok: false, reason: 'adds-nothing' };
        }
        await tx.query(
          `insert into schedule_approvals (version_id, approver, approver_name, role)
           values ($1::uuid, $2, $3, $4)`,
          [versionId, approver.username, approver.display_name, approver.role],
        );
        const by = { id: approver.username, name: approver.display_name };
        await recordAction(tx, seriesId, versionId, 'approve', by);
        const met = version.requirements.every((r) => progressOf(r, [...roles, approver.role]).met);
        if (!met) return { ok: true, inForce: false };
        await tx.query(
          `update schedule_versions set state = 'superseded'
           where series_id = $1::uuid and state = 'approved'`,
          [seriesId],
        );
        await tx.query(
          `update schedule_versions set state = 'approved', approved_by = $2,
             approved_by_name = $3, approved_at = now()
           where id = $1::uuid`,
          [versionId, approver.username, approver.display_name],
        );
        await tx.query(
          `update schedule_series set version_id = $2::uuid, updated_at = now()
           where id = $1::uuid`,
          [seriesId, versionId],
        );
        return { ok: true, inForce: true };
      });
    },

    /** Rejects a version awaiting approval, by someone other than its author; false otherwise. */
    async reject(
      seriesId: string,
      versionId: string,
      by: Approver,
      reason: string,
    ): Promise<'rejected' | 'not-found' | 'state' | 'own'> {
      return db.transaction(async (tx) => {
        const version = await versionOf(tx, seriesId, versionId);
        if (!version) return 'not-found';
        if (version.state !== 'awaiting_approval') return 'state';
        if (version.created_by === by.username) return 'own';
        await tx.query(
          `update schedule_versions set state = 'rejected', rejected_by = $2, reason = $3
           where id = $1::uuid`,
          [versionId, by.username, reason],
        );
        const operator = { id: by.username, name: by.display_name };
        await recordAction(tx, seriesId, versionId, 'reject', operator, { reason });
        return 'rejected';
      });
    },
  };
}

export type ScheduleApprovals = ReturnType<typeof createScheduleApprovals>;
