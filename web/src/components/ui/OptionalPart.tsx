// A part of a page the page works without (below the fold, or shown to few): its lazy code loads after the page's
// first render, and if that load or the part itself fails (a server restarting, a deploy replacing the chunks), the
// part is left out. Without it the error reaches the route's error screen, which replaces the whole page: a product
// page would lose its price and Add to Cart for want of its reviews.
import { Component, Suspense, type ReactNode } from 'react';

export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : <Suspense>{this.props.children}</Suspense>;
  }
}
