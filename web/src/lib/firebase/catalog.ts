// The catalogue read straight from Firestore (Firebase build): pages, search, the top-rated carousel, a product
// and its reviews, once (fetch*) or live (watch*: onSnapshot, so stock, prices, ratings and new reviews change on
// screen). Every query is bounded (plan: @firestore/catalog; paging: ./catalogPaging):
//   a page        = count() (limited, 1 read per 1000 matches) + `limit(pageSize)` after the previous page's last
//                   document; a page past the last reads nothing more and says so;
//   a search the index cannot answer alone (several words, one of 4+ characters) = one window of
//                   WEB_SEARCH_WINDOW candidates, every word matched exactly in memory (@firestore/catalog matchWindow);
//   reviews       = the newest PUBLIC_REVIEW_LIST_LIMIT; top = TOP_PRODUCTS.
// firestore.rules refuses any public list without such a limit.
import type { Product, ProductDetail, ProductPage } from '@domain';
import { TOP_PRODUCTS } from '@domain/limits';
import {
  matchWindow,
  PUBLIC_PRODUCT_LIST_LIMIT,
  PUBLIC_REVIEW_LIST_LIMIT,
  sortOrder,
  type CatalogPlan,
} from '@firestore/catalog';
import {
  collection,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import { firebase } from './app';
import { SharedListeners, type StartListener, type Unsubscribe } from './sharedListeners';
import { CursorBook, pageStep, planKey, webPlan, windowPage, type CatalogPageRequest } from './catalogPaging';
import {
  COLLECTIONS,
  liveProductFromDoc,
  productOrNull,
  reviewFromDoc,
  type LiveProductFields,
  type ProductDoc,
  type ReviewDoc,
} from './mapping';

export type { CatalogPageRequest, LiveProductFields };

/** A catalogue page as the API answers it, plus what the shopper must be told (narrowed query, past the end). */
export interface CatalogPageAnswer extends ProductPage {
  notices: string[];
}

type OnError = (error: Error) => void;

let catalogDb: () => Firestore = () => firebase().db;

/** The emulator suite (catalog.firestore.ts): read through a rules-testing client instead of the app's. */
export function setCatalogFirestore(db: Firestore) {
  catalogDb = () => db;
}

const products = () => collection(catalogDb(), COLLECTIONS.products);

/** The plan as a web SDK query (filters and order, no limit yet). */
function queryOf(plan: CatalogPlan): Query {
  return query(
    products(),
    ...plan.filters.map((f) => where(f.field, f.op, f.value)),
    ...plan.orderBy.map((o) => orderBy(o.field, o.direction)),
  );
}

const productsOf = (snap: QuerySnapshot) =>
  snap.docs.map((d) => productOrNull(d.id, d.data() as Partial<ProductDoc>)).filter((p): p is Product => p !== null);

const cursors = new CursorBook<QueryDocumentSnapshot>();

/** What a page request resolves to: the one bounded query to read (or listen to) and how to answer from it. */
type Resolved =
  | { kind: 'answer'; answer: CatalogPageAnswer }
  | { kind: 'read'; q: Query; answer: (snap: QuerySnapshot) => CatalogPageAnswer };

async function resolvePage(request: CatalogPageRequest): Promise<Resolved> {
  const { page, pageSize } = request;
  const plan = webPlan(request); // throws CatalogQueryRefused with the message to show
  const base = queryOf(plan);

  if (plan.window) {
    const size = plan.window.size;
    return {
      kind: 'read',
      q: query(base, limit(size)),
      answer: (snap) => {
        // Every word matched in the name, brand, category and description (read whole: the web SDK has no
        // projection), the name's matches first when no sort was asked for.
        const matches = matchWindow(
          plan,
          snap.docs.map((d) => {
            const data = d.data();
            const { nameKey, brand, category, description } = data as Record<string, unknown>;
            return { id: d.id, nameKey, brand, category, description, data };
          }),
        );
        const { items, pages, notices } = windowPage(matches, snap.size >= size, plan, page, pageSize);
        return {
          products: items
            .map((m) => productOrNull(m.id, m.data as Partial<ProductDoc>))
            .filter((p): p is Product => p !== null),
          page,
          pages,
          total: matches.length, // the window's matches (a full window says only it was checked)
          notices,
        };
      },
    };
  }

  const key = planKey(plan, pageSize);
  const counted = await getCountFromServer(query(base, limit(PUBLIC_PRODUCT_LIST_LIMIT)));
  const known = cursors.known(key);
  const step = pageStep(counted.data().count, page, pageSize, known.length);
  const notices = [...plan.notices, ...step.notices];
  // A search says how many it found (count() is limited: past the limit a notice says so).
  const total = plan.words.length ? { total: counted.data().count } : {};
  if (step.kind === 'past')
    return { kind: 'answer', answer: { products: [], page, pages: step.pages, ...total, notices } };

  let start = step.from > 0 ? known[step.from - 1] : undefined;
  if (step.walk > 0) {
    // A jump ahead: read the pages between the last known cursor and this page once (bounded by the count),
    // remembering each page's last document so that paging back and forth costs nothing more.
    const between = await getDocs(query(base, ...(start ? [startAfter(start)] : []), limit(step.walk)));
    between.docs.forEach((d, i) => {
      if ((i + 1) % pageSize === 0) cursors.record(key, step.from + (i + 1) / pageSize, d);
    });
    start = between.docs.at(-1);
  }
  return {
    kind: 'read',
    q: query(base, ...(start ? [startAfter(start)] : []), limit(pageSize)),
    answer: (snap) => {
      const last = snap.docs.at(-1);
      if (last && snap.size === pageSize) cursors.record(key, page, last);
      return { products: productsOf(snap), page, pages: step.pages, ...total, notices };
    },
  };
}

// One listener per query, shared by a loader's read and the screen's live hook (see sharedListeners.ts).
const livePages = new SharedListeners<CatalogPageAnswer>();
const liveTops = new SharedListeners<Product[]>();
const liveDetails = new SharedListeners<ProductDetail | null>();

const startPage =
  (request: CatalogPageRequest): StartListener<CatalogPageAnswer> =>
  (emit, fail) => {
    let stop: Unsubscribe = () => undefined;
    let stopped = false;
    resolvePage(request).then((resolved) => {
      if (stopped) return;
      if (resolved.kind === 'answer') return emit(resolved.answer);
      stop = onSnapshot(resolved.q, (snap) => emit(resolved.answer(snap)), fail);
    }, fail);
    return () => {
      stopped = true;
      stop();
    };
  };

const pageKey = (request: CatalogPageRequest) => JSON.stringify(request);

/** One catalogue page (home, /page/N, search): its current answer. */
export function fetchCatalogPage(request: CatalogPageRequest): Promise<CatalogPageAnswer> {
  return livePages.first(pageKey(request), startPage(request));
}

/** One catalogue page, live: calls back with every change of its products (1 read per changed document). */
export function watchCatalogPage(
  request: CatalogPageRequest,
  onChange: (answer: CatalogPageAnswer) => void,
  onError: OnError = () => undefined,
): Unsubscribe {
  return livePages.subscribe(pageKey(request), startPage(request), onChange, onError);
}

/** The top-rated carousel's query (ProductStore.top's order): TOP_PRODUCTS documents. */
const topQuery = (count = TOP_PRODUCTS) =>
  query(products(), ...sortOrder('rating').map((o) => orderBy(o.field, o.direction)), limit(count));

const startTop =
  (count: number): StartListener<Product[]> =>
  (emit, fail) =>
    onSnapshot(topQuery(count), (snap) => emit(productsOf(snap)), fail);

export function fetchTopProducts(count = TOP_PRODUCTS): Promise<Product[]> {
  return liveTops.first(String(count), startTop(count));
}

export function watchTopProducts(
  onChange: (products: Product[]) => void,
  onError: OnError = () => undefined,
  count = TOP_PRODUCTS,
): Unsubscribe {
  return liveTops.subscribe(String(count), startTop(count), onChange, onError);
}

/** The newest reviews of a product (the product page shows them; newest first, like the API). */
const reviewsQuery = (productId: string) =>
  query(
    collection(catalogDb(), COLLECTIONS.products, productId, COLLECTIONS.reviews),
    orderBy('createdAt', 'desc'),
    limit(PUBLIC_REVIEW_LIST_LIMIT),
  );

const reviewsOf = (snap: QuerySnapshot) => snap.docs.map((d) => reviewFromDoc(d.id, d.data() as Partial<ReviewDoc>));

/**
 * Issue 40: the product id an address names: its slugs/{key} document's (a current or old slug; firestore.rules let
 * anyone get one), else the key itself (an id), or the id a provisional slug ends with (a product the slug backfill
 * has not reached: `<name>-<id>`; Firestore's ids hold no "-").
 */
export async function productIdOf(key: string): Promise<string> {
  const slug = await getDoc(doc(catalogDb(), COLLECTIONS.slugs, key));
  if (slug.exists()) return (slug.data() as { product: string }).product;
  return key.slice(key.lastIndexOf('-') + 1);
}

/** A product with its newest reviews, by its id or a slug; null when there is no such product. */
export async function fetchProductDetail(key: string): Promise<ProductDetail | null> {
  const id = await productIdOf(key);
  return liveDetails.first(id, startDetail(id));
}

/** A product alone, read once (the cart's lines: stock and price, no reviews: 1 read, not 1 + up to 100); null when
 *  there is no such product. */
export async function fetchProductAlone(id: string): Promise<ProductDetail | null> {
  const snap = await getDoc(doc(catalogDb(), COLLECTIONS.products, id));
  const product = productOrNull(id, snap.data() as Partial<ProductDoc> | undefined);
  return product ? { ...product, reviews: [] } : null;
}

/** A product's reviews, live: a new review appears without a reload. */
export function watchReviews(
  productId: string,
  onChange: (reviews: ProductDetail['reviews']) => void,
  onError: OnError = () => undefined,
): Unsubscribe {
  return onSnapshot(reviewsQuery(productId), (snap) => onChange(reviewsOf(snap)), onError);
}

/** Calls back with the product's live stock, price and rating whenever they change. */
export function watchProduct(
  id: string,
  onChange: (fields: LiveProductFields) => void,
  onError: OnError = () => undefined,
): Unsubscribe {
  return onSnapshot(
    doc(catalogDb(), COLLECTIONS.products, id),
    (snap) => {
      const fields = liveProductFromDoc(id, snap.data());
      if (fields) onChange(fields);
    },
    onError, // by default a lost listener just leaves the last answer on screen
  );
}

/** A product and its reviews, live (two listeners: the product document and its newest reviews). Calls back
 *  with null when the product does not exist (or was deleted). */
export function watchProductDetail(
  id: string,
  onChange: (detail: ProductDetail | null) => void,
  onError: OnError = () => undefined,
): Unsubscribe {
  return liveDetails.subscribe(id, startDetail(id), onChange, onError);
}

const startDetail =
  (id: string): StartListener<ProductDetail | null> =>
  (onChange, onError) => {
    let product: Product | null | undefined;
    let reviews: ProductDetail['reviews'] | undefined;
    const emit = () => {
      if (product === undefined || reviews === undefined) return; // until both have answered once
      onChange(product ? { ...product, reviews } : null);
    };
    const stopProduct = onSnapshot(
      doc(catalogDb(), COLLECTIONS.products, id),
      (snap) => {
        product = productOrNull(id, snap.data() as Partial<ProductDoc> | undefined);
        emit();
      },
      onError,
    );
    const stopReviews = watchReviews(
      id,
      (list) => {
        reviews = list;
        emit();
      },
      onError,
    );
    return () => {
      stopProduct();
      stopReviews();
    };
  };
