package xmlscan

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// startElement reads a start tag at data[pos] ('<').
func (s *Scanner) startElement() bool {
	off := s.pos
	name, qend, ok := s.qname(off + 1)
	if !ok {
		return false
	}
	qname := s.str(off+1, qend)
	if len(s.stack) == 0 && s.root {
		return s.failIn(off, qname, "a second root element")
	}
	if len(s.stack) >= s.lim.MaxDepth {
		return s.failIn(off, qname, fmt.Sprintf("elements nest deeper than %d", s.lim.MaxDepth))
	}
	s.tag = qname // for the messages of fail; an error ends the scan
	i, empty, ok := s.attrs(qend, qname)
	if !ok {
		return false
	}
	s.tag = ""
	s.root = true
	s.push(qname, name, off)
	if !s.declare(s.attr, qname) || !s.checkNames(name, s.attr, qname, off) {
		return false
	}
	s.pos = i
	s.endTag = empty
	s.setTag(StartElement, off, i, name, s.attr, empty)
	return true
}

// attrs reads the attributes of a start tag, from data[i], where its name
// ends, into s.attr, and returns the offset after the tag and whether it
// is empty (<x/>).
func (s *Scanner) attrs(i int, qname string) (int, bool, bool) {
	attrs := s.attr[:0]
	for {
		j := s.skipSpace(i)
		if j >= len(s.data) {
			return 0, false, s.failIn(j, qname, "input ends inside the start tag")
		}
		switch s.data[j] {
		case '>':
			s.attr = attrs
			return j + 1, false, true
		case '/':
			if j+1 >= len(s.data) || s.data[j+1] != '>' {
				return 0, false, s.failIn(j, qname, "/ in a start tag not followed by >")
			}
			s.attr = attrs
			return j + 2, true, true
		}
		if j == i {
			return 0, false, s.failIn(j, qname, "attributes must be separated by white space")
		}
		// The attribute is read into its place in the slice: an Attr
		// returned and appended was copied twice, each a bulk write
		// barrier while the collector marks.
		n := len(attrs)
		if n == cap(attrs) {
			attrs = append(attrs, Attr{})
		}
		attrs = attrs[:n+1]
		next, ok := s.readAttr(j, qname, &attrs[n])
		if !ok {
			return 0, false, false
		}
		if n >= s.lim.MaxAttrs {
			return 0, false, s.failIn(j, qname, fmt.Sprintf("more than %d attributes on one element", s.lim.MaxAttrs))
		}
		i = next
	}
}

// push opens an element.
func (s *Scanner) push(qname string, name Name, off int) {
	n := len(s.stack)
	if n == cap(s.stack) {
		s.stack = append(s.stack, open{})
	}
	s.stack = s.stack[:n+1]
	o := &s.stack[n]
	o.qname, o.name, o.off, o.mark = qname, name, off, len(s.ns)
}

// readAttr reads an attribute at data[i] in the start tag of element el
// into a and returns the offset after it.
func (s *Scanner) readAttr(i int, el string, a *Attr) (int, bool) {
	name, j, ok := s.qnameIn(i, el)
	if !ok {
		return 0, false
	}
	qname := s.str(i, j)
	j = s.skipSpace(j)
	if j >= len(s.data) {
		return 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '=' {
		return 0, s.failIn(j, el, fmt.Sprintf("attribute %s has no value: = and a quoted value must follow its name", name))
	}
	j = s.skipSpace(j + 1)
	if j >= len(s.data) {
		return 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '"' && s.data[j] != '\'' {
		return 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value is not in quotes", name))
	}
	q := s.data[j]
	vi, vj := j+1, s.plainValue(j+1, q)
	plain := vj >= 0
	if !plain {
		// Something to decode or to look at closer: the whole value
		// again, the careful way.
		end := bytes.IndexByte(s.data[vi:], q)
		if end < 0 {
			return 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value's quote is never closed", name))
		}
		vj = vi + end
		if plain, ok = s.checkValue(vi, vj, el, name); !ok {
			return 0, false
		}
	}
	value := s.str(vi, vj)
	if !plain {
		if value, ok = s.decode(vi, vj, true); !ok {
			return 0, false
		}
	}
	a.Name, a.QName, a.Value, a.Off = name, qname, value, i
	return vj + 1, true
}

// plainValue reads the value at data[i:], in quotes q, in one pass, as far
// as it holds ASCII characters that need neither decoding nor a closer
// look than at a table (valueClass), as most values do. It returns where
// the value ends, at its closing quote, or -1 at anything else, which
// checkValue reads.
func (s *Scanner) plainValue(i int, q byte) int {
	d := s.data
	for k := i; k < len(d); k++ {
		switch valueClass[d[k]] {
		case valueQuote:
			if d[k] == q {
				return k
			}
		case valueOther:
			return -1
		}
	}
	return -1
}

// checkValue checks the characters of the value data[i:j] of attribute
// name: legal characters, no <, references well-formed. It reports
// whether the value is plain (nothing to decode or normalize).
func (s *Scanner) checkValue(i, j int, el string, name Name) (plain, ok bool) {
	plain = true
	d := s.data[:j]
	for k := i; k < len(d); {
		c := d[k]
		if valueClass[c] != valueOther {
			k++
			continue
		}
		switch {
		case c == '<':
			return false, s.failIn(k, el, fmt.Sprintf("attribute %s: < in a value", name))
		case c == '&':
			plain = false
			n, ok := s.checkRef(k, j)
			if !ok {
				return false, false
			}
			k = n
			continue
		case c == '\t' || c == '\n' || c == '\r':
			plain = false
		case c < 0x20:
			return false, s.failIn(k, el, fmt.Sprintf("illegal character U+%04X", c))
		default: // not ASCII
			n, ok := s.checkRune(k)
			if !ok {
				return false, false
			}
			k += n
			continue
		}
		k++
	}
	return plain, true
}

// The classes of bytes in an attribute's value (valueClass).
const (
	valueChar  = iota // an ASCII character that needs no other check
	valueQuote        // '"' or '\'': the end of a value in such quotes
	valueOther        // '<', '&', a control character, or not ASCII
)

// valueClass classifies every byte for checkValue.
var valueClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c < 0x20 || c >= utf8.RuneSelf || c == '<' || c == '&':
			t[c] = valueOther
		case c == '"' || c == '\'':
			t[c] = valueQuote
		}
	}
	return t
}()

// declare checks and puts in scope the namespace declarations among attrs
// (Namespaces in XML 1.0 §3).
func (s *Scanner) declare(attrs []Attr, el string) bool {
	for _, a := range attrs {
		var prefix string
		switch {
		case a.Name.Prefix == "xmlns":
			prefix = a.Name.Local
			switch {
			case prefix == "xmlns":
				return s.failIn(a.Off, el, "the prefix xmlns cannot be declared")
			case prefix == "xml" && a.Value != NSXML:
				return s.failIn(a.Off, el, "the prefix xml can be bound only to "+NSXML)
			case a.Value == "":
				return s.failIn(a.Off, el, fmt.Sprintf("xmlns:%s is empty: a prefix cannot be undeclared in XML 1.0", prefix))
			}
		case a.Name.Prefix == "" && a.Name.Local == "xmlns":
		default:
			continue
		}
		if prefix != "xml" && (a.Value == NSXML || a.Value == NSXMLNS) {
			return s.failIn(a.Off, el, fmt.Sprintf("namespace %s is reserved and cannot be bound to another prefix", a.Value))
		}
		s.ns = append(s.ns, binding{prefix, a.Value})
	}
	return true
}

// checkNames checks that the element's and attributes' prefixes are bound
// and that no attribute is repeated, by name or by namespace and local
// name (XML 1.0 §3.1, Namespaces in XML 1.0 §6.3).
func (s *Scanner) checkNames(name Name, attrs []Attr, el string, off int) bool {
	if name.Prefix == "xmlns" {
		return s.failIn(off, el, "an element's name cannot have the prefix xmlns")
	}
	if _, ok := s.Lookup(name.Prefix); !ok {
		return s.failIn(off, el, fmt.Sprintf("prefix %q is not bound to a namespace", name.Prefix))
	}
	prefixed := 0
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		prefixed++
		if _, ok := s.Lookup(a.Name.Prefix); !ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attribute %s: prefix %q is not bound to a namespace", a.Name, a.Name.Prefix))
		}
	}
	if len(attrs) < 2 {
		return true
	}
	if len(attrs) <= 16 {
		for i := 1; i < len(attrs); i++ {
			for j := range i {
				if attrs[i].Name == attrs[j].Name {
					return s.failIn(attrs[i].Off, el, fmt.Sprintf("attribute %s appears twice", attrs[i].Name))
				}
			}
		}
	} else {
		seen := make(map[Name]bool, len(attrs))
		for _, a := range attrs {
			if seen[a.Name] {
				return s.failIn(a.Off, el, fmt.Sprintf("attribute %s appears twice", a.Name))
			}
			seen[a.Name] = true
		}
	}
	if prefixed < 2 {
		return true
	}
	type expanded struct{ uri, local string }
	seen := make(map[expanded]string, prefixed)
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		u, _ := s.Lookup(a.Name.Prefix)
		k := expanded{u, a.Name.Local}
		if first, ok := seen[k]; ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attributes %s and %s are the same name in namespace %s", first, a.Name, u))
		}
		seen[k] = a.Name.String()
	}
	return true
}

// closeElement pops the innermost element and its declarations.
func (s *Scanner) closeElement() {
	o := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.ns = s.ns[:o.mark]
}

// endElement reads an end tag at data[pos] ("</").
func (s *Scanner) endElement() bool {
	off := s.pos
	i := off + 2
	j := s.endName(i)
	got := s.str(i, j)
	k := s.skipSpace(j)
	if len(s.stack) == 0 {
		return s.failIn(off, got, fmt.Sprintf("end tag </%s> without a start tag", got))
	}
	o := s.stack[len(s.stack)-1]
	if got != o.qname {
		l, c := s.position(o.off)
		return s.fail(off, fmt.Sprintf("<%s> opened at %d:%d is closed by </%s>", o.qname, l, c, got))
	}
	if k >= len(s.data) || s.data[k] != '>' {
		return s.fail(k, fmt.Sprintf("end tag </%s> not closed by >", got))
	}
	s.closeElement()
	s.pos = k + 1
	s.setTag(EndElement, off, k+1, o.name, nil, false)
	return true
}

// endName returns the offset after the name of the end tag at data[i]:
// where the name of the element it should close ends, when it is that
// name (the common case, a comparison), or else after the name's bytes.
func (s *Scanner) endName(i int) int {
	if n := len(s.stack); n > 0 {
		q := s.stack[n-1].qname
		if j := i + len(q); j < len(s.data) && string(s.data[i:j]) == q && !isNameByte(s.data[j]) && s.data[j] < utf8.RuneSelf {
			return j
		}
	}
	j := i
	for j < len(s.data) && isNameByte(s.data[j]) || j < len(s.data) && s.data[j] >= utf8.RuneSelf {
		j++
	}
	return j
}
