import type { UserSummary } from '@domain';
import { useState } from 'react';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { useUserInfo } from '@/lib/session';
import { errorMessage } from '@/lib/api';
import { getOpenOrders, useDeleteUser, useUserPage } from '../api/users';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { ServerListBar, ServerPager, useListParams } from '../components/ServerListBar';
import { RowActions } from '../components/RowActions';
import { YesNo } from '../components/Icons';
import { useConfirm } from '@/components/ui/ConfirmDialog';
import { deleteRequest, openOrdersWarning } from '../lib/confirm';
import { adminPaths } from '../sections';

/** ID, Name, Email, Admin tick, edit and delete (confirmed; the list reloads after). */
export function UserListPage() {
  const list = useListParams();
  const search = list.get('search') ?? '';
  const users = useUserPage({ pageNumber: list.page, search });
  const remove = useDeleteUser();
  const me = useUserInfo();
  const [deleted, setDeleted] = useState<string | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  // The user whose open orders are being counted before the confirmation (their Delete shows it is busy).
  const [checking, setChecking] = useState<string | null>(null);

  async function onDelete(user: UserSummary) {
    setDeleted(null);
    setChecking(user._id);
    // Read fresh at each click: an order placed a minute ago must be warned of.
    const open = await getOpenOrders(user._id).catch(() => null);
    setChecking(null);
    const warning = openOrdersWarning(user.name, open);
    if (!(await ask(deleteRequest('user', user.name, user.email, warning)))) return;
    remove.mutate(user._id, { onSuccess: () => setDeleted(user.name) });
  }

  const columns: AdminColumn<UserSummary>[] = [
    {
      key: 'id',
      header: 'ID',
      sortValue: (u) => u._id,
      cell: (u) => <span className="font-monospace small">{u._id}</span>,
    },
    {
      key: 'name',
      header: 'Name',
      sortValue: (u) => u.name,
      cell: (u) => (
        <>
          {u.name}
          {u._id === me?._id && <span className="badge text-bg-secondary ms-2">you</span>}
        </>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      sortValue: (u) => u.email,
      cell: (u) => <a href={`mailto:${u.email}`}>{u.email}</a>,
    },
    {
      key: 'admin',
      header: 'Admin',
      sortValue: (u) => u.isAdmin,
      filterValue: (u) => (u.isAdmin ? 'admin' : ''),
      cell: (u) => <YesNo value={u.isAdmin} yes="Admin" no="Not admin" />,
    },
  ];

  return (
    <>
      {confirmDialog}
      <Meta title="Users" />
      <h1 className="h3 mb-3">Users</h1>
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}
      {deleted && <Message variant="success">User {deleted} deleted.</Message>}
      <QueryBoundary query={users}>
        {(answer) => (
          <AdminTable
            caption="Users"
            noun="users"
            rows={answer.users}
            rowKey={(u) => u._id}
            columns={columns}
            serverTools={
              <>
                <ServerListBar
                  label="Search users"
                  search={search}
                  onSearch={(text) => list.update({ search: text })}
                />
                <ServerPager
                  page={answer.page}
                  pages={answer.pages}
                  total={answer.total}
                  noun="users"
                  onPage={(page) => list.update({ page })}
                />
              </>
            }
            actions={(u) => (
              <RowActions
                name={u.name}
                editTo={adminPaths.userEdit.href(u._id)}
                deleting={checking === u._id || (remove.isPending && remove.variables === u._id)}
                // No Delete on the admin's own row: the API refuses it anyway, and only after the confirm.
                onDelete={u._id === me?._id ? undefined : () => void onDelete(u)}
              />
            )}
          />
        )}
      </QueryBoundary>
    </>
  );
}
