package feeds

import (
	"fmt"
	"strings"
)

// SplitKey cuts a field key (Field.Key) into its base and its number:
// "category[2]" is "category" and 2, "title" is "title" and 0, and
// "{urn:x}note[1]" is "{urn:x}note" and 1 (a namespace may hold "[").
// ok is false for a number that is not one Fields gives: "category[0]",
// "category[02]", "category[x]", "category[1]x".
func SplitKey(key string) (base string, n int, ok bool) {
	pre, rest := "", key
	if strings.HasPrefix(key, "{") {
		if i := strings.IndexByte(key, '}'); i >= 0 {
			pre, rest = key[:i+1], key[i+1:]
		}
	}
	i := strings.IndexByte(rest, '[')
	if i < 0 {
		return key, 0, true
	}
	base = pre + rest[:i]
	num, closed := strings.CutSuffix(rest[i+1:], "]")
	if !closed || num == "" || num[0] == '0' || len(num) > 9 {
		return base, 0, false
	}
	for _, c := range []byte(num) {
		if c < '0' || c > '9' {
			return base, 0, false
		}
		n = n*10 + int(c-'0')
	}
	return base, n, true
}

// NextKey returns the key a new field with the given base takes when the
// data has count of them already, numbered as Fields numbers them: a name
// that is always numbered ("category", "{namespace}local") from 1, another
// ("title", "link") from its second.
func NextKey(base string, count int, numbered bool) string {
	if count == 0 && !numbered {
		return base
	}
	return base + "[" + itoa(count+1) + "]"
}

// newKey checks the key of a field the data lacks, given the keys of the
// fields it has: the key must name the place after the last of its base
// (category[3] after category[2]), and a field an item holds at most one of
// is added only when the item has none (RFC 4287 §4.1.2; an RSS item has
// one title and one description).
func (d *Doc) newKey(fs []keyed, key string, k kind) error {
	base, n, _ := SplitKey(key)
	count := 0
	for _, f := range fs {
		if f.base == base {
			count++
		}
	}
	single := k == kindTitle || k == kindContent || k == kindSummary
	next := NextKey(base, count, !single)
	switch {
	case key == next && !(single && count > 0):
		return nil
	case single && count > 0 && n != 1:
		return fmt.Errorf("%w: %s has at most one %s", ErrNoField, d.itemNoun(), d.tagOf(k))
	case single:
		return fmt.Errorf("%w: the %s's key is %s", ErrNoField, d.tagOf(k), base)
	case count == 0:
		return fmt.Errorf("%w: the item has no %s; %s adds one", ErrNoField, base, next)
	case count == 1:
		return fmt.Errorf("%w: the item has %s[1]; %s adds one", ErrNoField, base, next)
	}
	return fmt.Errorf("%w: the item has %s[1] to %s[%d]; %s adds one", ErrNoField, base, base, count, next)
}

// itemNoun names an item of d's format in messages.
func (d *Doc) itemNoun() string {
	if d.format == Atom {
		return "an Atom entry (RFC 4287 §4.1.2)"
	}
	return "an RSS item"
}

// tagOf names the element of a title, content or summary in d's format.
func (d *Doc) tagOf(k kind) string {
	switch {
	case k == kindTitle:
		return "title"
	case k == kindSummary:
		return "summary"
	case d.format == RSS:
		return "description"
	}
	return "content"
}
