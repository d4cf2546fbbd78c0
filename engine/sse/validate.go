package sse

import (
	"errors"
	"fmt"

	"github.com/feedsync/feedsync/engine"
)

// ValidID reports whether s is a Namespace Specific String as RFC 2141
// defines it, the syntax that sync ids and endpoint ids (by) must follow
// (§1.2, §2.3). It is the rule FeedSync uses too (engine.ValidNSS).
func ValidID(s string) bool { return engine.ValidNSS(s) }

// ParseFlag reads the deleted or conflict attribute of sx:sync (§2.3):
// "true" (lower case) is true; "false", empty or absent is false; any other
// value is ErrFlag.
func ParseFlag(s string) (bool, error) {
	switch s {
	case "true":
		return true, nil
	case "false", "":
		return false, nil
	}
	return false, fmt.Errorf("%q: %w", s, ErrFlag)
}

// InvalidError says where an item breaks a rule of the spec that is not
// about XML syntax, so that the XML layer can name the element's place.
type InvalidError struct {
	Element string // "sx:sync", "sx:history", "sx:update" or "sx:conflict"
	Index   int    // 1-based among its siblings for sx:update and sx:conflict, else 0
	Attr    string // the attribute at fault, or "" when the element lacks both when and by
	Err     error  // ErrInvalidID, ErrVersion or ErrNoStamp
}

func (e *InvalidError) Error() string {
	place := e.Element
	if e.Index > 0 {
		place = fmt.Sprintf("%s %d", place, e.Index)
	}
	if e.Attr != "" {
		place += " " + e.Attr
	}
	return place + ": " + e.Err.Error()
}

func (e *InvalidError) Unwrap() error { return e.Err }

// Validate checks an item against the rules of §2.3 to §2.5 and §5.2 that
// are not XML syntax: the id is an NSS; versions are at least 1; sx:history,
// each sx:update and each sx:conflict have when, by or both; every by is an
// NSS. It returns nil, or every fault found as *InvalidError values joined
// with errors.Join.
func Validate(it *Item) error {
	var errs []error
	add := func(elem string, i int, attr string, err error) {
		errs = append(errs, &InvalidError{Element: elem, Index: i, Attr: attr, Err: err})
	}
	stamp := func(elem string, i int, st Stamp) {
		if !st.HasWhen() && !st.HasBy() {
			add(elem, i, "", ErrNoStamp)
		}
		if st.HasBy() && !ValidID(st.By) {
			add(elem, i, "by", ErrInvalidID)
		}
	}
	if !ValidID(it.ID) {
		add("sx:sync", 0, "id", ErrInvalidID)
	}
	if it.Version < 1 {
		add("sx:sync", 0, "version", ErrVersion)
	}
	stamp("sx:history", 0, it.History.Stamp())
	for i, u := range it.History.Updates {
		stamp("sx:update", i+1, u)
	}
	for i, c := range it.Conflicts {
		if c.Version < 1 {
			add("sx:conflict", i+1, "version", ErrVersion)
		}
		stamp("sx:conflict", i+1, c.Stamp())
	}
	return errors.Join(errs...)
}
