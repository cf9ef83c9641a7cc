import type { ProductSpec } from '@domain/productMedia';

/** The product's specification rows (issue 29), in the admin's order: a two-column table, names as row headers. */
export function SpecTable({ specs }: { specs: readonly ProductSpec[] }) {
  return (
    <section className="product-specs" aria-labelledby="specs-title">
      <h2 id="specs-title" className="section-title">
        Specifications
      </h2>
      <table className="table table-sm spec-table mb-0">
        <tbody>
          {specs.map((spec) => (
            <tr key={spec.name}>
              <th scope="row">{spec.name}</th>
              <td>{spec.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
