package share

import (
	"encoding/json"
	"maps"
	"slices"
)

// digests maps item ids to sync digests, as a subscription's state keeps
// them (subState.Known). At 100k items that is some MB of JSON, read and
// written at every sync: these methods do it several times faster than
// encoding/json's map code, in its format (an object, keys sorted, as
// json.Marshal writes a map). What they do not expect (an escape, a byte
// that is not printable ASCII) goes to encoding/json.
type digests map[string]string

// MarshalJSON writes the map as json.Marshal writes a map[string]string.
func (d digests) MarshalJSON() ([]byte, error) {
	if d == nil {
		return []byte("null"), nil
	}
	keys := slices.Sorted(maps.Keys(d))
	b := make([]byte, 0, 2+len(d)*64)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, d[k])
	}
	return append(b, '}'), nil
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it.
func appendJSONString(b []byte, s string) []byte {
	if !plainJSON(s) {
		q, _ := json.Marshal(s) // a string always marshals
		return append(b, q...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainJSON reports whether s is written in JSON as it is, between
// quotes: printable ASCII that json.Marshal does not escape.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// UnmarshalJSON reads an object of strings.
func (d *digests) UnmarshalJSON(data []byte) error {
	if m, ok := scanDigests(string(data)); ok {
		*d = m
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*d = m
	return nil
}

// scanDigests reads null or an object whose keys and values are plain
// strings (plainJSON, but for the HTML characters, which need no escape);
// ok is false for anything else. The strings share s's memory.
func scanDigests(s string) (m digests, ok bool) {
	p := jsonScanner{s: s}
	if p.skip("null") {
		return nil, p.done()
	}
	if !p.skip("{") {
		return nil, false
	}
	m = digests{}
	if p.skip("}") {
		return m, p.done()
	}
	for {
		k, ok := p.str()
		if !ok || !p.skip(":") {
			return nil, false
		}
		v, ok := p.str()
		if !ok {
			return nil, false
		}
		m[k] = v
		if p.skip("}") {
			return m, p.done()
		}
		if !p.skip(",") {
			return nil, false
		}
	}
}

// jsonScanner reads the few JSON tokens scanDigests expects.
type jsonScanner struct {
	s string
	i int
}

func (p *jsonScanner) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// skip skips tok, after white space, if it is next.
func (p *jsonScanner) skip(tok string) bool {
	p.space()
	if len(p.s)-p.i < len(tok) || p.s[p.i:p.i+len(tok)] != tok {
		return false
	}
	p.i += len(tok)
	return true
}

// str reads a string of printable ASCII without escapes.
func (p *jsonScanner) str() (string, bool) {
	if !p.skip(`"`) {
		return "", false
	}
	for j := p.i; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '"':
			v := p.s[p.i:j]
			p.i = j + 1
			return v, true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return "", false
		}
	}
	return "", false
}

// done reports whether nothing but white space is left.
func (p *jsonScanner) done() bool {
	p.space()
	return p.i == len(p.s)
}
