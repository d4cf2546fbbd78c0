package feeds

import (
	"strings"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// laidOut reports whether a child element of an item, of namespace uri
// and local name local (src: with a src attribute, see classify), is
// laid out afresh where its item is (fieldInd).
func (d *Doc) laidOut(uri, local string, src bool) bool {
	switch {
	case classifyName(d.format, uri, local, src) == kindOther:
	case uri == NSAtom && (local == "author" || local == "contributor" || local == "source"):
	default:
		return false
	}
	return true
}

// layout follows the white space of an element that a new layout lays
// out afresh (moved, xmlutil.WriteChildren), read from its tokens, to
// tell whether that layout leaves every byte of it as read: the white
// space of each element that is Indented, where every element around it
// is, already at the depth the layout gives it.
type layout struct {
	nodes  []layNode
	open   []int // the open elements, as indexes in nodes
	ws     []layWS
	lastWS int // the index in ws of the token before, if it was white space
	eff    []string
}

// layNode is an element, and what xmlutil.Indented asks of it.
type layNode struct {
	parent                     int // -1 for the element laid out
	indentable, allSpace, kids bool
}

// layWS is white space that is a child of nodes[node]: the last child
// of it, or not.
type layWS struct {
	node int
	text string
	last bool
}

func (l *layout) reset() {
	l.nodes, l.open, l.ws, l.lastWS = l.nodes[:0], l.open[:0], l.ws[:0], -1
}

// token notes the token s has just read.
func (l *layout) token(s *xmlscan.Scanner, t *xmlscan.Token) {
	last := l.lastWS
	l.lastWS = -1
	top := -1
	if len(l.open) > 0 {
		top = l.open[len(l.open)-1]
	}
	switch t.Kind {
	case xmlscan.StartElement:
		if top >= 0 {
			l.nodes[top].kids = true
		}
		u, _ := s.Lookup(t.Name.Prefix)
		ok := xmlutil.Indentable(u, xmlutil.AttrAny(t.Attrs, "type"), xmlutil.ScanSpace(t.Attrs))
		l.nodes = append(l.nodes, layNode{parent: top, indentable: ok, allSpace: true})
		l.open = append(l.open, len(l.nodes)-1)
	case xmlscan.EndElement:
		if last >= 0 && l.ws[last].node == top {
			l.ws[last].last = true
		}
		l.open = l.open[:len(l.open)-1]
	case xmlscan.Text:
		if !xmlutil.IndentSpace(t.Text, false) {
			l.nodes[top].allSpace = false
			break
		}
		l.ws = append(l.ws, layWS{node: top, text: t.Text})
		l.lastWS = len(l.ws) - 1
	case xmlscan.CDATA:
		l.nodes[top].allSpace = false // never indentation (xmlutil.IndentSpace)
	}
}

// keeps reports whether laying the element out afresh at ind, one level
// deeper with each element down (deeper), writes its white space as
// read. Each element is laid out at the depth its parent gives it when
// it is Indented and its parent is laid out, else written as read with
// all within it.
func (l *layout) keeps(ind string, deeper func(string) string) bool {
	l.eff = l.eff[:0]
	for _, n := range l.nodes {
		at := ind
		if n.parent >= 0 {
			at = ""
			if p := l.eff[n.parent]; p != "" {
				at = deeper(p)
			}
		}
		if !(n.indentable && n.allSpace && n.kids) {
			at = ""
		}
		l.eff = append(l.eff, at)
	}
	for _, w := range l.ws {
		e := l.eff[w.node]
		if e == "" {
			continue
		}
		at := deeper(e)
		if w.last {
			at = e
		}
		// xmlutil.Reindent(w.text, at) == w.text, without building it
		if i := strings.LastIndexByte(w.text, '\n'); i >= 0 && w.text[i:] != at {
			return false
		}
	}
	return true
}
