package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// commit writes the result and the subscription state, unless LOCAL
// changed on disk since it was read (errLocalChanged: the round is run
// again); LOCAL is not rewritten when the result is LOCAL as it was.
func (r *round) commit(ctx context.Context) error {
	r.count()
	target := r.target()
	if target == "" {
		// Rendered first: a result larger than feedsync reads is refused
		// whole, not written in part (atomicfile.Limit).
		out := r.local.Bytes()
		if n := int64(len(out)); n > atomicfile.Limit() {
			return &atomicfile.TooLargeError{Path: "standard output", Size: n, Write: true}
		}
		_, err := r.Stdout.Write(out)
		r.res.Wrote = err == nil
		return err
	}
	lock, err := atomicfile.Acquire(ctx, target)
	if err != nil {
		return err
	}
	defer lock.Release()
	write, out := r.plan(target)
	if write {
		r.recordLeft(target)
		defer r.store.Close()
		err = r.write(lock, target, out)
	} else {
		err = lock.Unchanged(r.snap)
	}
	if errors.Is(err, atomicfile.ErrChanged) {
		return errLocalChanged
	}
	if err != nil {
		return err
	}
	if r.res.Wrote {
		r.recordCurrent()
	}
	return r.states.save(statePath(target, "sync"))
}

// count counts, from LOCAL's items as the round leaves them, the items
// changed, in conflict, and not yet held by the publisher as they are.
func (r *round) count() {
	r.res.Conflicted = r.local.Conflicted()
	r.st.Conflicted, r.st.Pending = r.res.Conflicted, len(r.sums.delta(r.st.Known))
	r.res.Changed = r.sums.count()
}

// plan decides whether the round writes target. LOCAL whose items were
// followed one by one is written only when one changed: otherwise its
// bytes as read stand for the result, and nothing is rendered. Any other
// result is rendered whole (out) and written unless it is LOCAL's bytes;
// a result for another file than LOCAL is always written, streamed.
func (r *round) plan(target string) (write bool, out []byte) {
	switch {
	case target != r.Local:
		return true, nil
	case r.followed():
		if !r.sums.changed() {
			r.st.Local = r.snap.Digest()
		}
		return r.sums.changed(), nil
	}
	out = r.local.Bytes()
	r.st.Local = digest(out)
	return !r.exists || !bytes.Equal(out, r.data), out
}

// followed reports whether the round writes LOCAL, read with sync data,
// and followed every change to it item by item (localSums): then LOCAL's
// bytes as read stand for every item that did not change.
func (r *round) followed() bool {
	return r.target() == r.Local && r.parsed != nil && !r.sums.whole
}

// write writes target: out when rendered, or else LOCAL streamed, over
// LOCAL as read or in place of the file Out names.
func (r *round) write(lock *atomicfile.Lock, target string, out []byte) error {
	var err error
	switch {
	case out != nil:
		_, err = lock.Commit(r.snap, out)
	case target != r.Local:
		err = lock.ReplaceWith(r.fill)
	default:
		err = lock.CommitWith(r.snap, r.fill)
	}
	r.res.Wrote = err == nil
	return err
}

// fill writes the result, taking its digest on the way.
func (r *round) fill(w io.Writer) error {
	h := sha256.New()
	if _, err := r.local.WriteTo(io.MultiWriter(w, h)); err != nil {
		return err
	}
	r.st.Local = hex.EncodeToString(h.Sum(nil))
	return nil
}
