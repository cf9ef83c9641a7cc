// Categories & brands (issue 29): the two managed lists, each with its entries (slug, product count) and the
// admin's create, rename, merge (pick the one that stays) and delete (refused by the server while products use it:
// its message says to merge first). One lazy module; a stacked list rather than a table, so it works at 390 px.
import type { TaxonomyListEntry } from '@domain/taxonomy';
import { paths } from '@domain/routes';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { useConfirm } from '@/components/ui/ConfirmDialog';
import { ConfirmDeleteButton } from '../components/ConfirmDeleteButton';
import { errorMessage } from '@/lib/api';
import { useTaxonomy, useTaxonomyChange, type TaxonomyChange, type TaxonomyList } from '../api/taxonomy';

const TEXT = {
  categories: { title: 'Categories', one: 'category' },
  brands: { title: 'Brands', one: 'brand' },
} as const;

const productCount = (n = 0) => `${n} product${n === 1 ? '' : 's'}`;

type Mode = { kind: 'rename' | 'merge'; id: string } | null;

const MODE_LABEL = { rename: 'Rename', merge: 'Merge' } as const;

function EntryRow({
  list,
  entry,
  others,
  mode,
  setMode,
  change,
  busy,
}: {
  list: TaxonomyList;
  entry: TaxonomyListEntry;
  others: TaxonomyListEntry[];
  mode: Mode;
  setMode: (mode: Mode) => void;
  change: (change: TaxonomyChange) => void;
  busy: boolean;
}) {
  const inputId = useId();
  const { dialog: confirmDialog, ask } = useConfirm();
  const [name, setName] = useState(entry.name);
  const [into, setInto] = useState('');
  const renaming = mode?.kind === 'rename' && mode.id === entry._id;
  const merging = mode?.kind === 'merge' && mode.id === entry._id;
  const target = others.find((o) => o._id === into);

  const rename = (e: FormEvent) => {
    e.preventDefault();
    change({ op: 'rename', id: entry._id, name });
  };
  const merge = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const moved = productCount(entry.productCount);
    const yes = await ask({
      title: `Merge ${TEXT[list].one} “${entry.name}” into “${target.name}”?`,
      body: `Its ${moved} move there and “${entry.name}” is deleted.`,
      confirmLabel: 'Merge',
    });
    if (yes) change({ op: 'merge', id: entry._id, into: target._id });
  };

  /** Rename or Merge: opens its form below the entry (closing any other entry's), or closes it. */
  const modeToggle = (kind: 'rename' | 'merge', open: boolean, variant: string, disabled?: boolean) => (
    <Button
      size="sm"
      variant={variant}
      aria-label={`${MODE_LABEL[kind]} ${entry.name}`}
      disabled={disabled}
      onClick={() => setMode(open ? null : { kind, id: entry._id })}
    >
      {MODE_LABEL[kind]}
    </Button>
  );

  return (
    <ListGroup.Item as="li">
      {confirmDialog}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <div className="fw-semibold">{entry.name}</div>
          <small className="text-body-secondary">
            {list === 'categories' ? paths.category.href(entry.slug) : entry.slug} · {productCount(entry.productCount)}
          </small>
        </div>
        <div className="d-flex gap-2">
          {modeToggle('rename', renaming, 'outline-primary')}
          {modeToggle('merge', merging, 'outline-secondary', others.length === 0)}
          <ConfirmDeleteButton
            ask={ask}
            kind={TEXT[list].one}
            name={entry.name}
            disabled={busy}
            onDelete={() => change({ op: 'delete', id: entry._id })}
          />
        </div>
      </div>
      {renaming && (
        <Form onSubmit={rename} className="mt-2">
          <Form.Label htmlFor={inputId} className="visually-hidden">
            New name of {entry.name}
          </Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              id={inputId}
              size="sm"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm" className="text-nowrap" disabled={busy || name.trim() === ''}>
              Save name
            </Button>
          </div>
          <Form.Text>Its products follow, and its old address leads to the new one.</Form.Text>
        </Form>
      )}
      {merging && (
        <Form onSubmit={merge} className="mt-2">
          <Form.Label htmlFor={inputId} className="visually-hidden">
            Merge {entry.name} into
          </Form.Label>
          <div className="d-flex gap-2">
            <Form.Select id={inputId} size="sm" value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">Merge into…</option>
              {others.map((o) => (
                <option key={o._id} value={o._id}>
                  {o.name}
                </option>
              ))}
            </Form.Select>
            <Button type="submit" size="sm" variant="secondary" disabled={busy || !target}>
              Merge
            </Button>
          </div>
        </Form>
      )}
    </ListGroup.Item>
  );
}

function TaxonomySection({ list }: { list: TaxonomyList }) {
  const entries = useTaxonomy(list);
  const mutation = useTaxonomyChange(list);
  const [mode, setMode] = useState<Mode>(null);
  const [name, setName] = useState('');
  const headingId = useId();
  const inputId = useId();
  const change = (c: TaxonomyChange) =>
    mutation.mutate(c, {
      onSuccess: () => {
        setMode(null);
        if (c.op === 'create') setName('');
      },
    });

  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5">
        {TEXT[list].title}
      </h2>
      <Form
        className="mb-2"
        onSubmit={(e) => {
          e.preventDefault();
          change({ op: 'create', name });
        }}
      >
        <Form.Label htmlFor={inputId}>New {TEXT[list].one}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control id={inputId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" disabled={mutation.isPending || name.trim() === ''}>
            Create
          </Button>
        </div>
      </Form>
      {mutation.isError && <Message variant="danger">{errorMessage(mutation.error)}</Message>}
      <QueryBoundary query={entries}>
        {(all) =>
          all.length === 0 ? (
            <Message variant="info">No {TEXT[list].title.toLowerCase()} yet.</Message>
          ) : (
            <ListGroup as="ul">
              {all.map((entry) => (
                <EntryRow
                  key={`${entry._id}:${entry.name}`}
                  list={list}
                  entry={entry}
                  others={all.filter((o) => o._id !== entry._id)}
                  mode={mode}
                  setMode={setMode}
                  change={change}
                  busy={mutation.isPending}
                />
              ))}
            </ListGroup>
          )
        }
      </QueryBoundary>
    </section>
  );
}

export function TaxonomyPage() {
  return (
    <>
      <Meta title="Categories & brands" />
      <h1 className="h3">Categories &amp; brands</h1>
      <p className="text-body-secondary">
        Products pick from these lists. Merge a misspelt entry into the right one: its products move and its old address
        keeps working.
      </p>
      <TaxonomySection list="categories" />
      <TaxonomySection list="brands" />
    </>
  );
}
