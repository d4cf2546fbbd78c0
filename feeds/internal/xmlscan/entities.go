package xmlscan

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// MaxEntityExpansion bounds what references to the entities a document
// declares expand to: the replacement texts of every reference a scan
// reads, those nested in other replacement texts included, come to at
// most this many bytes. A document past it is refused at the reference
// that passes it, which a document of a few hundred bytes that nests ten
// entities ten deep ("billion laughs") reaches after at most 1 MiB of
// work and memory, in a few milliseconds. A feed that spells a few
// characters or words through entities stays far below it: a million
// bytes is 100,000 expansions of a ten-byte text.
const MaxEntityExpansion = 1 << 20

// Entities are the general entities a document type declaration's
// internal subset declares (XML 1.0 §4.2), as a scan of the document read
// them (Scanner.Entities): what a scanner of a fragment of the document
// (NewFragment) needs to expand the references in it (SetEntities). They
// do not change once read.
type Entities struct {
	decl map[string]*entity
	// unread says where declarations may be that were not read, the
	// external subset or a parameter entity (XML 1.0 §5.1), in a
	// document that is not standalone: a reference to an entity the
	// internal subset does not declare is then no error of the
	// document's, but feedsync cannot expand it. "" when all was read.
	unread string
}

// entity is one general entity.
type entity struct {
	text     string // the replacement text of an internal entity (§4.5)
	external string // the system literal of an external one, never fetched
	unparsed bool   // an unparsed entity (NDATA), which text cannot refer to
}

// Same reports whether e and o declare the same entities alike, so that
// bytes read under one mean what they meant under the other: nil (no
// entity declared) is the same as nil alone.
func (e *Entities) Same(o *Entities) bool {
	if e == nil || o == nil {
		return e == o
	}
	if len(e.decl) != len(o.decl) || e.unread != o.unread {
		return false
	}
	for name, d := range e.decl {
		if od, ok := o.decl[name]; !ok || *od != *d {
			return false
		}
	}
	return true
}

// Entities returns the entities the document declares, once the scan is
// past its document type declaration; nil when it declares none.
func (s *Scanner) Entities() *Entities { return s.ents }

// SetEntities gives a scanner of part of a document (NewFragment) the
// entities the document declares, which the references in it expand to.
func (s *Scanner) SetEntities(e *Entities) { s.ents = e }

// declare records an entity the internal subset declares: the first
// declaration of a name binds (§4.2), and after a parameter-entity
// reference feedsync does not read, a document that is not standalone
// has its later declarations not processed (§5.1), as they might be
// overridden by ones it holds.
func (p *dtd) declare(name string, e *entity) {
	s := p.s
	if s.ents == nil {
		s.ents = &Entities{decl: map[string]*entity{}}
	}
	if p.peSeen && !s.standalone {
		return
	}
	if _, ok := s.ents.decl[name]; !ok {
		s.ents.decl[name] = e
	}
}

// unreadDecls notes that declarations may lie where feedsync does not
// read (Entities.unread).
func (p *dtd) unreadDecls(where string) {
	s := p.s
	if s.ents == nil {
		s.ents = &Entities{decl: map[string]*entity{}}
	}
	if s.ents.unread == "" {
		s.ents.unread = where
	}
}

// replacement returns the replacement text of the entity value literal
// data[i:j] (§4.5): its character references replaced by their
// characters, its general entity references as written (they are
// expanded where the entity is referred to, §4.4.7), its line ends
// normalized (§2.11). The literal has been checked.
func (p *dtd) replacement(i, j int) string {
	d := p.s.data
	var b []byte
	for k := i; k < j; {
		n := bytes.Index(d[k:j], []byte("&#"))
		if n < 0 {
			b = append(b, p.s.lines(k, j)...)
			break
		}
		b = append(b, p.s.lines(k, k+n)...)
		r, next, _ := p.s.ref(k+n, j)
		b = utf8.AppendRune(b, r)
		k = next
	}
	return string(b)
}

// declared returns the entity a reference at data[k] names, or fails
// there saying why it cannot be expanded: not declared (WFC: Entity
// Declared, or declared where feedsync does not read), external (never
// fetched; in an attribute's value, WFC: No External Entity References)
// or unparsed (WFC: Parsed Entity).
func (s *Scanner) declared(k int, name string) (*entity, bool) {
	var e *entity
	if s.ents != nil {
		e = s.ents.decl[name]
	}
	switch {
	case e == nil && s.ents != nil && s.ents.unread != "":
		return nil, s.fail(k, fmt.Sprintf("entity &%s; is not declared in the document: it may be in %s, which feedsync never reads", cut([]byte(name)), s.ents.unread))
	case e == nil:
		return nil, s.fail(k, fmt.Sprintf("invalid character entity &%s;: XML predefines five (lt, gt, amp, apos, quot), and the document does not declare it", cut([]byte(name))))
	case e.unparsed:
		return nil, s.fail(k, fmt.Sprintf("entity &%s; is an unparsed entity (NDATA), which no text can refer to", cut([]byte(name))))
	case e.external != "":
		return nil, s.fail(k, fmt.Sprintf("entity &%s; is external (%q), and feedsync never fetches external entities", cut([]byte(name)), e.external))
	}
	return e, true
}

// expand appends to b the replacement text of the entity e, named name,
// referred to at data[at], as it reads where the reference is (§4.4): in
// content, its references expanded in turn; in an attribute's value
// (attr), that and white space made spaces (§3.3.3). Markup in it is
// refused: in a value, as XML refuses it (WFC: No < in Attribute Values);
// in content, where XML would read it as elements, because feedsync
// expands only entities of text (an element from an entity would have no
// bytes of its own in the document to be written as). It fails at at
// when the entity refers to itself (WFC: No Recursion) or the expansions
// pass MaxEntityExpansion.
func (s *Scanner) expand(b []byte, at int, name string, e *entity, attr bool) ([]byte, bool) {
	for _, n := range s.expanding {
		if n == name {
			return nil, s.fail(at, fmt.Sprintf("entity &%s; refers to itself, through the entities it expands to", name))
		}
	}
	s.expanded += len(e.text)
	if s.expanded > MaxEntityExpansion {
		return nil, s.fail(at, fmt.Sprintf("the entities this document refers to expand past %d bytes in all, the most feedsync expands (xmlscan.MaxEntityExpansion)", MaxEntityExpansion))
	}
	s.expanding = append(s.expanding, name)
	b, ok := s.expandText(b, at, name, e.text, attr)
	s.expanding = s.expanding[:len(s.expanding)-1]
	return b, ok
}

// expandText is expand's reading of the replacement text t.
func (s *Scanner) expandText(b []byte, at int, name, t string, attr bool) ([]byte, bool) {
	for k := 0; k < len(t); {
		c := t[k]
		switch {
		case c == '<' && attr:
			return nil, s.fail(at, fmt.Sprintf("entity &%s; holds <, which an attribute's value cannot hold", name))
		case c == '<':
			return nil, s.fail(at, fmt.Sprintf("entity &%s; holds markup, and feedsync expands only entities that hold text", name))
		case c == '&':
			var ok bool
			if b, k, ok = s.expandRef(b, at, t, k, attr); !ok {
				return nil, false
			}
			continue
		case attr && (c == '\t' || c == '\n' || c == '\r'):
			c = ' '
		}
		b = append(b, c)
		k++
	}
	return b, true
}

// expandRef appends what the reference at t[k], in a replacement text
// expanded at data[at], stands for, and returns the offset in t after it.
func (s *Scanner) expandRef(b []byte, at int, t string, k int, attr bool) ([]byte, int, bool) {
	semi := -1
	for i := k + 1; i < len(t); i++ {
		if t[i] == ';' {
			semi = i
			break
		}
	}
	if semi < 0 {
		return nil, 0, s.fail(at, "a & in an entity's replacement text begins no reference")
	}
	body := t[k+1 : semi]
	if len(body) > 0 && body[0] == '#' {
		r, ok := charRef([]byte(body[1:]))
		if !ok {
			return nil, 0, s.fail(at, fmt.Sprintf("character reference &%s; in an entity's replacement text is not a legal XML character", body))
		}
		return utf8.AppendRune(b, r), semi + 1, true
	}
	if r, ok := predefined(body); ok {
		return append(b, byte(r)), semi + 1, true
	}
	e, ok := s.declared(at, body)
	if !ok {
		return nil, 0, false
	}
	b, ok = s.expand(b, at, body, e, attr)
	return b, semi + 1, ok
}

// predefined returns the character one of XML's five predefined entities
// stands for (§4.6).
func predefined(name string) (rune, bool) {
	switch name {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "apos":
		return '\'', true
	case "quot":
		return '"', true
	}
	return 0, false
}

// expandAt appends the replacement text of the reference data[k:next] to
// an entity the document declares (ref has found it).
func (s *Scanner) expandAt(b []byte, k, next int, attr bool) ([]byte, bool) {
	name := s.str(k+1, next-1)
	e, ok := s.declared(k, name)
	if !ok {
		return nil, false
	}
	return s.expand(b, k, name, e, attr)
}
