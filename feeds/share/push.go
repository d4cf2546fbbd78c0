package share

import (
	"bytes"
	"context"
	"errors"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// pushChanges sends the publisher the items of LOCAL it does not hold as
// they are (new, changed here, merged differently), with the cached
// until, and merges the answer: every change after that until that the
// push did not carry.
func (r *round) pushChanges(ctx context.Context) error {
	if r.local == nil {
		return nil
	}
	delta := map[string]bool{}
	for _, it := range items(r.local) {
		if r.st.Known[it.ID] != it.Sum {
			delta[it.ID] = true
		}
	}
	if len(delta) == 0 {
		return nil
	}
	body := subset(r.local, delta)
	body.SetSharing(nil)
	resp, err := r.Client.post(ctx, r.URL, body.Bytes(), contentType(body), r.st.Until.Text)
	if err != nil {
		return err
	}
	answer, err := parse(r.name()+" (answer)", resp.body)
	if err != nil {
		return err
	}
	r.res.Pushed = len(delta)
	for _, it := range items(body) {
		r.st.Known[it.ID] = it.Sum
	}
	if err := r.mergeIn(answer); err != nil {
		return err
	}
	if sh := answer.Sharing(); bounded(sh) {
		r.st.Until, r.st.Dialect = sh.Until, answer.Dialect().String()
	}
	if resp.etagAfter != "" {
		r.st.Valid = validators{ETag: resp.etagAfter}
	}
	return nil
}

// commit writes the result and the subscription state, unless LOCAL
// changed on disk since it was read (errLocalChanged: the round is run
// again); LOCAL is not rewritten when the result is LOCAL as it was.
func (r *round) commit(ctx context.Context) error {
	out := r.local.Bytes()
	r.res.Conflicted = r.local.Conflicted()
	r.st.Local, r.st.Conflicted, r.st.Pending = digest(out), r.res.Conflicted, 0
	for _, it := range items(r.local) {
		if r.st.Known[it.ID] != it.Sum {
			r.st.Pending++
		}
		if r.before[it.ID] != it.Sum {
			r.res.Changed++
		}
	}
	target := r.target()
	if target == "" {
		_, err := r.Stdout.Write(out)
		r.res.Wrote = err == nil
		return err
	}
	lock, err := atomicfile.Acquire(ctx, target)
	if err != nil {
		return err
	}
	defer lock.Release()
	if target != r.Local || !r.exists || !bytes.Equal(out, r.data) {
		r.recordLeft(target)
		defer r.store.Close()
	}
	switch {
	case target != r.Local:
		_, err = lock.Replace(out)
		r.res.Wrote = err == nil
	case !r.exists || !bytes.Equal(out, r.data):
		_, err = lock.Commit(r.snap, out)
		r.res.Wrote = err == nil
	default:
		var now *atomicfile.Snapshot
		if now, err = lock.Read(); err == nil && !bytes.Equal(now.Data, r.data) {
			err = atomicfile.ErrChanged
		}
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
