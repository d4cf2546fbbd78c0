package share

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// layoutsMemory is how many bytes of OPML outlines the hubs of a process
// lay out at once through their Doc (layOut): an outline nests, and is
// written from a Doc that holds it all, not streamed from the database
// item by item as a feed of RSS or Atom items is. With spoolsMemory, it
// bounds what a hub holds of the feeds it answers, whatever their number
// and size.
const layoutsMemory = 64 << 20

// layouts is layoutsMemory, taken and given back (budget).
var layouts = newBudget(layoutsMemory)

// budget is a weighted semaphore: an amount taken waits until that much
// is free, one larger than all of it until all is; takers are served in
// turn, so that a large one is not starved by small ones.
type budget struct {
	turn chan struct{} // held by the taker being served
	mu   sync.Mutex
	free int64
	max  int64
	back chan struct{} // signalled when some is given back
}

func newBudget(n int64) *budget {
	return &budget{turn: make(chan struct{}, 1), free: n, max: n, back: make(chan struct{}, 1)}
}

// take takes n (at most all of it), waiting for it until ctx is done;
// it returns what to give back.
func (b *budget) take(ctx context.Context, n int64) (int64, error) {
	n = min(max(n, 1), b.max)
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer func() { <-b.turn }()
	for {
		b.mu.Lock()
		if b.free >= n {
			b.free -= n
			b.mu.Unlock()
			return n, nil
		}
		b.mu.Unlock()
		select {
		case <-b.back:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// give gives back what take returned.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	select {
	case b.back <- struct{}{}:
	default:
	}
}

// layOut writes an OPML outline of f's shell and items (bodies, read by
// items into memory) with sh as its sx:sharing, laid out through its Doc,
// once est bytes of layoutsMemory are free for it.
func layOut(ctx context.Context, f *dbFeed, est int64, sh *dialect.Sharing, items func(add func([]byte)) error, w io.Writer) error {
	n, err := layouts.take(ctx, est)
	if err != nil {
		return err
	}
	defer layouts.give(n)
	var bodies [][]byte
	if err := items(func(b []byte) { bodies = append(bodies, b) }); err != nil {
		return err
	}
	doc, err := parse(f.name, compose(f.shell, f.ins, bodies))
	if err != nil {
		return fmt.Errorf("feed %s in the database does not load: %w", f.name, err)
	}
	bodies = nil
	if sh != nil {
		doc.SetSharing(sh)
	}
	_, err = doc.WriteTo(w)
	return err
}
