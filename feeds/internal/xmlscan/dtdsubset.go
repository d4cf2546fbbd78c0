package xmlscan

import (
	"bytes"
	"unicode/utf8"
)

// subset reads an internal subset up to its ']' (XML 1.0 §2.8 intSubset).
func (p *dtd) subset() bool {
	for {
		p.spaced()
		ok := true
		switch {
		case p.i >= len(p.s.data):
			return p.fail("the internal subset of the document type declaration is never closed by ]")
		case p.at(']'):
			return true
		case p.has("<!--"):
			ok = p.markup(p.s.comment)
		case p.has("<?"):
			ok = p.markup(p.s.procInst)
		case p.has("<!ELEMENT"):
			ok = p.elementDecl()
		case p.has("<!ATTLIST"):
			ok = p.attlistDecl()
		case p.has("<!ENTITY"):
			ok = p.entityDecl()
		case p.has("<!NOTATION"):
			ok = p.notationDecl()
		case p.at('%'):
			ok = p.peRef()
		default:
			return p.fail("the internal subset holds markup declarations, processing instructions, comments, parameter-entity references and white space, and this is none of them")
		}
		if !ok {
			return false
		}
	}
}

// markup reads a comment or a processing instruction with the scanner's
// own reader of it.
func (p *dtd) markup(read func() bool) bool {
	p.s.pos = p.i
	if !read() {
		return false
	}
	p.i = p.s.pos
	return true
}

// close reads the '>' that ends declaration what, after optional space.
func (p *dtd) close(what string) bool {
	p.spaced()
	if !p.at('>') {
		if p.i >= len(p.s.data) {
			return p.fail("input ends inside " + what)
		}
		return p.fail(what + " is not closed by > here")
	}
	p.i++
	return true
}

// peRef reads a parameter-entity reference, %name; (§4.1), whose text
// feedsync does not read: the declarations after it are not processed
// (§5.1; see declare).
func (p *dtd) peRef() bool {
	p.i++
	at := p.i
	if !p.name("a parameter-entity reference") {
		return false
	}
	if !p.at(';') {
		return p.fail("a parameter-entity reference is not closed by ;")
	}
	if !p.s.standalone {
		p.unreadDecls("parameter entity %" + string(p.s.data[at:p.i]) + ";")
	}
	p.peSeen = true
	p.i++
	return true
}

// elementDecl reads <!ELEMENT name contentspec> (§3.2).
func (p *dtd) elementDecl() bool {
	p.i += len("<!ELEMENT")
	if !p.space("<!ELEMENT") || !p.name("<!ELEMENT") || !p.space("the element's name") {
		return false
	}
	if !p.at('(') {
		if !p.word("EMPTY") && !p.word("ANY") {
			return p.fail("<!ELEMENT needs EMPTY, ANY or a content model in ( ) here")
		}
		return p.close("<!ELEMENT")
	}
	p.i++
	p.spaced()
	ok := false
	if p.has("#PCDATA") {
		ok = p.mixed()
	} else {
		ok = p.group()
	}
	return ok && p.close("<!ELEMENT")
}

// mixed reads the rest of a mixed content model after "(" (§3.2.2).
func (p *dtd) mixed() bool {
	p.i += len("#PCDATA")
	names := 0
	for {
		p.spaced()
		switch {
		case p.at('|'):
			p.i++
			p.spaced()
			if !p.name("mixed content") {
				return false
			}
			names++
		case p.at(')'):
			p.i++
			if p.at('*') {
				p.i++
			} else if names > 0 {
				return p.fail("mixed content with element names must end with )*")
			}
			return true
		default:
			return p.fail("mixed content needs | or ) here")
		}
	}
}

// group reads the rest of a choice or a sequence after "(", and its
// quantifier (§3.2.1).
func (p *dtd) group() bool {
	if !p.cp() {
		return false
	}
	var sep byte
	for {
		p.spaced()
		if p.at(')') {
			p.i++
			p.quantifier()
			return true
		}
		if !p.at('|') && !p.at(',') {
			return p.fail("a content model needs , | or ) here")
		}
		c := p.s.data[p.i]
		if sep != 0 && c != sep {
			return p.fail("a content model group mixes , and |")
		}
		sep = c
		p.i++
		if !p.cp() {
			return false
		}
	}
}

// cp reads a content particle: a name or a group, and its quantifier.
func (p *dtd) cp() bool {
	p.spaced()
	if p.at('(') {
		p.i++
		return p.group()
	}
	if !p.name("a content model") {
		return false
	}
	p.quantifier()
	return true
}

func (p *dtd) quantifier() {
	if p.at('?') || p.at('*') || p.at('+') {
		p.i++
	}
}

// attlistDecl reads <!ATTLIST name AttDef*> (§3.3).
func (p *dtd) attlistDecl() bool {
	p.i += len("<!ATTLIST")
	if !p.space("<!ATTLIST") || !p.name("<!ATTLIST") {
		return false
	}
	for {
		sp := p.spaced()
		if p.at('>') {
			p.i++
			return true
		}
		if p.i >= len(p.s.data) {
			return p.fail("input ends inside <!ATTLIST")
		}
		if !sp {
			return p.fail("white space must separate the definitions of <!ATTLIST")
		}
		if !p.name("<!ATTLIST") || !p.space("an attribute's name") || !p.attType() ||
			!p.space("an attribute's type") || !p.defaultDecl() {
			return false
		}
	}
}

// attType reads an attribute type (§3.3.1).
func (p *dtd) attType() bool {
	if p.at('(') {
		return p.enumeration(false)
	}
	switch p.keyword("<!ATTLIST", "CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS", "NOTATION") {
	case "":
		return false
	case "NOTATION":
		return p.space("NOTATION") && p.enumeration(true)
	}
	return true
}

// enumeration reads ( a | b ... ): names, or else name tokens.
func (p *dtd) enumeration(names bool) bool {
	if !p.at('(') {
		return p.fail("<!ATTLIST needs ( here")
	}
	for p.i++; ; p.i++ {
		p.spaced()
		if names && !p.name("an enumeration") || !names && !p.nmtoken() {
			return false
		}
		p.spaced()
		if p.at(')') {
			p.i++
			return true
		}
		if !p.at('|') {
			return p.fail("an enumeration needs | or ) here")
		}
	}
}

// nmtoken reads a name token (§2.3 Nmtoken).
func (p *dtd) nmtoken() bool {
	d, j := p.s.data, p.i
	for j < len(d) {
		if isNameByte(d[j]) {
			j++
			continue
		}
		r, n := utf8.DecodeRune(d[j:])
		if r < utf8.RuneSelf || !isNameRune(r) {
			break
		}
		j += n
	}
	if j == p.i {
		return p.fail("an enumeration needs a name token here")
	}
	p.i = j
	return true
}

// defaultDecl reads an attribute's default (§3.3.2): #REQUIRED, #IMPLIED
// or a value, #FIXED or not.
func (p *dtd) defaultDecl() bool {
	if p.at('#') {
		switch p.keyword("<!ATTLIST", "#REQUIRED", "#IMPLIED", "#FIXED") {
		case "":
			return false
		case "#FIXED":
			return p.space("#FIXED") && p.value(false)
		}
		return true
	}
	return p.value(false)
}

// value reads a quoted default value (AttValue) or, entity, an
// EntityValue (§2.3): a general entity reference in an entity's value
// is bypassed (§4.4.7), in a default value it is one of the five XML
// predefines or an entity declared before it, which must expand to no
// '<'; a parameter-entity reference cannot be in either in the internal
// subset (§2.8, WFC: PEs in Internal Subset).
func (p *dtd) value(entity bool) bool {
	if !p.at('"') && !p.at('\'') {
		return p.fail("a quoted value is needed here")
	}
	d, q := p.s.data, p.s.data[p.i]
	end := bytes.IndexByte(d[p.i+1:], q)
	if end < 0 {
		return p.fail("a quoted value in the document type declaration is never closed")
	}
	end += p.i + 1
	for p.i++; p.i < end; {
		switch c := d[p.i]; {
		case c == '<' && !entity:
			return p.fail("< in an attribute's default value")
		case c == '%' && entity:
			return p.fail("a parameter-entity reference inside a declaration: the internal subset allows them only between declarations")
		case c == '&' && (!entity || p.i+1 < len(d) && d[p.i+1] == '#'):
			r, next, ok := p.s.ref(p.i, end)
			if !ok {
				return false
			}
			if r < 0 { // a declared entity in a default value: it must hold no '<'
				if _, ok := p.s.expandAt(nil, p.i, next, true); !ok {
					return false
				}
			}
			p.i = next
		case c == '&':
			p.i++
			if !p.name("an entity reference") {
				return false
			}
			if !p.at(';') {
				return p.fail("an entity reference is not closed by ;")
			}
			p.i++
		default:
			p.i++
		}
	}
	p.i++
	return true
}

// entityDecl reads <!ENTITY [%] name value-or-external-ID> (§4.2), and
// records a general entity (declare).
func (p *dtd) entityDecl() bool {
	p.i += len("<!ENTITY")
	if !p.space("<!ENTITY") {
		return false
	}
	pe := p.at('%')
	if pe {
		p.i++
		if !p.space("%") {
			return false
		}
	}
	at := p.i
	if !p.name("<!ENTITY") {
		return false
	}
	name := string(p.s.data[at:p.i])
	if !p.space("the entity's name") {
		return false
	}
	if p.at('"') || p.at('\'') {
		start := p.i + 1
		if !p.value(true) {
			return false
		}
		if !pe {
			p.declare(name, &entity{text: p.replacement(start, p.i-1)})
		}
		return p.close("<!ENTITY")
	}
	idAt := p.i
	if !p.externalID(false) {
		return false
	}
	e := &entity{external: p.systemLiteral(idAt)}
	if !pe && p.spaced() && p.has("NDATA") {
		p.i += len("NDATA")
		if !p.space("NDATA") || !p.name("NDATA") {
			return false
		}
		e.unparsed = true
	}
	if !pe {
		p.declare(name, e)
	}
	return p.close("<!ENTITY")
}

// notationDecl reads <!NOTATION name external-or-public-ID> (§4.7).
func (p *dtd) notationDecl() bool {
	p.i += len("<!NOTATION")
	return p.space("<!NOTATION") && p.name("<!NOTATION") && p.space("the notation's name") &&
		p.externalID(true) && p.close("<!NOTATION")
}
