package share

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// subState is what a subscriber keeps of one subscription between reads
// (1.0.2 §4.1.1 step 4, §4.1.2 step 2.2): not shared data, kept beside
// LOCAL (statePath(LOCAL, "sync")), one per publisher URL.
type subState struct {
	Dialect string `json:"dialect,omitempty"`
	// Until is the until cached from the last read.
	Until Mark `json:"until,omitzero"`
	// Expires (1.0.2 §4.2.2) and Window (0.91 §2.1) of the last read, and
	// when it was: a subscriber that comes back later than they say reads
	// the complete feed.
	Expires time.Time `json:"expires,omitzero"`
	Window  int       `json:"window,omitempty"`
	ReadAt  time.Time `json:"readAt,omitzero"`
	// Valid are the validators of the last read, for a conditional GET.
	Valid validators `json:"validators,omitzero"`
	// Known is the sync digest of each item as the publisher holds it, as
	// far as the subscriber has seen: what a push need not send.
	Known digests `json:"known"`
	// Local is the digest of LOCAL as this subscription last left it;
	// Pending counts its items the publisher does not have; Conflicted
	// its items in conflict.
	Local      string `json:"local,omitempty"`
	Pending    int    `json:"pending"`
	Conflicted int    `json:"conflicted"`
}

// subStates is a state file: the subscriptions of one feed, by the
// publisher's URL without its password (fetch.Redacted).
type subStates struct {
	Format int                  `json:"format"`
	Subs   map[string]*subState `json:"subscriptions"`
	// rekeyed: the file held a URL with its password, as older versions
	// wrote it; it is saved again without, even by a read that changes
	// nothing else.
	rekeyed bool
}

const subFormat = 1

func loadSubStates(path string) (*subStates, error) {
	s, err := loadState(path, func() *subStates { return &subStates{Format: subFormat, Subs: map[string]*subState{}} },
		func(s *subStates) bool { return s.Format == subFormat && s.Subs != nil },
		"subscription state (remove it: the next sync reads the complete feed)")
	if err != nil {
		return nil, err
	}
	for u, st := range s.Subs {
		if key := fetch.Redacted(u); key != u {
			delete(s.Subs, u)
			if s.Subs[key] == nil {
				s.Subs[key] = st
			}
			s.rekeyed = true
		}
	}
	return s, nil
}

// saveRekeyed saves the states if loading them took a password out.
func (s *subStates) saveRekeyed(path string) error {
	if !s.rekeyed {
		return nil
	}
	return s.save(path)
}

// get returns the state of the subscription keyed key, nil when there is
// none.
func (s *subStates) get(key string) *subState { return s.Subs[key] }

// save writes the states atomically.
func (s *subStates) save(path string) error {
	data, err := s.MarshalJSON()
	if err != nil {
		return err
	}
	return writeState(path, data)
}

// MarshalJSON writes the states as encoding/json would, but for the order
// of a state's fields (its digests come last), without passing the
// digests, most of the file, through encoding/json's checks.
func (s *subStates) MarshalJSON() ([]byte, error) {
	b := fmt.Appendf(nil, `{"format":%d,"subscriptions":`, s.Format)
	if s.Subs == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '{')
	for i, key := range slices.Sorted(maps.Keys(s.Subs)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, key), ':')
		var err error
		if b, err = s.Subs[key].appendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, "}}"...), nil
}

// appendJSON appends the state as JSON, its digests last.
func (st *subState) appendJSON(b []byte) ([]byte, error) {
	if st == nil {
		return append(b, "null"...), nil
	}
	fields, err := json.Marshal(withoutKnown{subState: st})
	if err != nil {
		return nil, err
	}
	b = append(b, fields[:len(fields)-1]...)
	if len(fields) > 2 {
		b = append(b, ',')
	}
	known, _ := st.Known.MarshalJSON() // never fails
	b = append(append(b, `"known":`...), known...)
	return append(b, '}'), nil
}

// withoutKnown is a subState as encoding/json writes it without its
// digests: the field Known, nil, hides subState.Known.
type withoutKnown struct {
	*subState
	Known *struct{} `json:"known,omitempty"`
}

// synced reports whether LOCAL, whose digest is sum, is as the
// subscription left it with nothing left to push.
func (st *subState) synced(sum string) bool {
	return st != nil && st.Pending == 0 && st.Local != "" && st.Local == sum
}

// overdue reports whether the subscriber reads later than the publisher
// asked: after the expires of its last read (1.0.2 §4.2.2), or more than
// the window after it (0.91 §2.1). Updates may have left the feed since.
func (st *subState) overdue(now time.Time) bool {
	switch {
	case st == nil:
		return false
	case !st.Expires.IsZero():
		return now.After(st.Expires)
	case st.Window > 0 && !st.ReadAt.IsZero():
		return now.After(st.ReadAt.Add(time.Duration(st.Window) * 24 * time.Hour))
	}
	return false
}

func digest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
