package share

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// errFeedMoved says FEED changed on disk while a fold was under way: the
// fold writes nothing, and the hub takes the change in and folds again.
var errFeedMoved = errors.New("FEED changed on disk during the fold")

// fold writes the model into FEED (atomically, FEED.bak keeping the feed
// it replaces), then the stamps, then removes the journal's segments
// that FEED now holds. POSTs wait only while the model is copied; GETs
// not at all. A FEED another command changed meanwhile is taken in
// first, and never overwritten unseen.
func (h *Hub) fold() error {
	h.foldMu.Lock()
	defer h.foldMu.Unlock()
	for range 8 {
		err := h.foldOnce()
		if !errors.Is(err, errFeedMoved) {
			return err
		}
	}
	return fmt.Errorf("%s keeps changing on disk; folding later", h.path)
}

// foldOnce is one attempt at a fold.
func (h *Hub) foldOnce() error {
	h.mu.Lock()
	h.refresh()
	if h.bad != nil || h.pending == 0 {
		h.mu.Unlock()
		return nil // nothing to fold, or a FEED that does not load, which is never overwritten
	}
	seg, err := h.j.rotate()
	if err != nil {
		h.mu.Unlock()
		return err
	}
	model := h.doc.Subset(func(dialect.Entry) bool { return true })
	st := h.st.copyForSave()
	upto, pending, pendingB, id, sizeAt := h.j.last(), h.pending, h.pendingB, h.feedID(), h.size
	h.pending, h.pendingB = 0, 0
	writing := make(chan struct{})
	h.writing = writing
	h.mu.Unlock()

	written, err := h.writeFeed(model, id)
	h.mu.Lock()
	h.writing = nil
	close(writing)
	h.mu.Unlock()
	if err == nil {
		err = st.save(h.state)
	}
	if err == nil {
		err = h.j.drop(seg)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if tl := (*atomicfile.TooLargeError)(nil); errors.As(err, &tl) && tl.Write {
		// The running size fell short (size.go): it is exact now, so that
		// the POSTs that would grow the feed further are refused.
		h.size += tl.Size - sizeAt
		err = fmt.Errorf("%w; POSTs that grow the feed are refused until it is back within %s", err, fetch.SizeText(FeedCap()))
	}
	if err != nil {
		h.pending += pending
		h.pendingB += pendingB
		return err
	}
	h.j.folded(upto)
	h.size += written - sizeAt // exact, with the POSTs since the copy
	for id, seq := range h.unfolded {
		if seq <= upto {
			delete(h.unfolded, id)
		}
	}
	return nil
}

// writeFeed writes model into FEED under FEED's lock, unless FEED is no
// longer the file the hub last read or wrote (id, and the digest of its
// bytes): errFeedMoved. It
// records FEED's new identity and the digest of its bytes, and returns
// the number of bytes written.
func (h *Hub) writeFeed(model feed, id fileID) (int64, error) {
	lock, err := atomicfile.Acquire(context.Background(), h.path)
	if err != nil {
		return 0, err
	}
	defer lock.Release()
	snap, err := lock.Read()
	if err != nil {
		return 0, err
	}
	if now, err := statID(h.path); err != nil || now != id || !snap.Exists() {
		return 0, errFeedMoved
	}
	h.mu.Lock()
	seen := snap.Digest() == hex.EncodeToString(h.sum[:])
	if !seen {
		// Changed without a change of its identity (where that is its
		// size and modification time alone, fileid_other.go): the hub
		// reads it again, as changed, before it folds.
		h.setID(fileID{})
	}
	h.mu.Unlock()
	if !seen {
		return 0, errFeedMoved
	}
	sum := sha256.New()
	var n int64
	err = lock.CommitWith(snap, func(w io.Writer) error {
		var err error
		n, err = model.WriteTo(io.MultiWriter(w, sum))
		return err
	})
	if errors.Is(err, atomicfile.ErrChanged) {
		return 0, errFeedMoved
	}
	if err != nil {
		return 0, err
	}
	newID, err := statID(h.path)
	if err == nil {
		// Recorded before FEED's lock is released, so that no refresh
		// takes this write for another command's.
		h.mu.Lock()
		h.setID(newID)
		h.sum = [32]byte(sum.Sum(nil))
		h.mu.Unlock()
	}
	return n, err
}
