//! `NodeMeter`: the budget check shared by the depth-limited searches (both alpha-betas and
//! expectimax). The node budget is compared on every node (an integer test); the clock is
//! read only every [`CHECK_EVERY`] nodes, since reading it costs far more than a node.

use crate::ai::SearchContext;

/// Nodes between two readings of the clock.
pub const CHECK_EVERY: u64 = 256;

/// Counts a search's nodes, passes them on to the context in batches, and says when the
/// budget is spent. Without a context (tests, oracles) it only counts.
pub struct NodeMeter<'c, 'x> {
    ctx: Option<&'c mut SearchContext<'x>>,
    /// The budget ran out: results from here on are meaningless.
    pub aborted: bool,
    /// Nodes visited.
    pub nodes: u64,
    pending: u64,
}

impl<'c, 'x> NodeMeter<'c, 'x> {
    /// A meter charging `ctx` (or nothing, with `None`).
    pub fn new(ctx: Option<&'c mut SearchContext<'x>>) -> Self {
        NodeMeter { ctx, aborted: false, nodes: 0, pending: 0 }
    }

    /// Counts one node; sets `aborted` once the budget is spent.
    #[inline]
    pub fn visit(&mut self) {
        self.nodes += 1;
        self.pending += 1;
        if let Some(ctx) = self.ctx.as_deref_mut() {
            let node_limit = ctx.budget.nodes.is_some_and(|n| ctx.nodes() + self.pending >= n);
            if node_limit || self.pending >= CHECK_EVERY {
                ctx.add_nodes(self.pending);
                self.pending = 0;
                if ctx.out_of_budget() {
                    self.aborted = true;
                }
            }
        } else {
            self.pending = 0;
        }
    }

    /// Passes the nodes not yet charged on to the context.
    pub fn flush(&mut self) {
        if let Some(ctx) = self.ctx.as_deref_mut() {
            ctx.add_nodes(self.pending);
        }
        self.pending = 0;
    }
}
