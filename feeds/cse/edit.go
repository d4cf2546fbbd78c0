package cse

import (
	"fmt"
	"time"

	"github.com/beevik/etree"
)

// setDate writes d into el, or, when el is nil, into a new element named
// tag in parent, placed after the first of the sibling tags found (or else
// before the first item, or last), with the same indentation.
func setDate(el, parent *etree.Element, tag string, d time.Time, after ...string) {
	if el == nil {
		el = etree.NewElement(tag)
		insertElement(parent, el, after)
	}
	el.SetText(formatDate(d))
}

func insertElement(parent, el *etree.Element, after []string) {
	for _, tag := range after {
		if ref := rssChild(parent, tag); ref != nil {
			insertAt(parent, ref.Index()+1, el, indentBefore(ref))
			return
		}
	}
	if first := rssChild(parent, "item"); first != nil {
		insertAt(parent, first.Index(), el, "")
		parent.InsertChildAt(el.Index()+1, etree.NewText(indentBefore(first)))
		return
	}
	insertAt(parent, len(parent.Child), el, "")
}

// insertAt puts el at index i of parent, preceded by the text ws if any.
func insertAt(parent *etree.Element, i int, el *etree.Element, ws string) {
	parent.InsertChildAt(i, el)
	if ws != "" {
		parent.InsertChildAt(i, etree.NewText(ws))
	}
}

// indentBefore is the whitespace that precedes el in its parent, if any.
func indentBefore(el *etree.Element) string {
	i := el.Index()
	if i == 0 {
		return ""
	}
	if cd, ok := el.Parent().Child[i-1].(*etree.CharData); ok && cd.IsWhitespace() {
		return cd.Data
	}
	return ""
}

// cseTag is the qualified name for csx:lastBuildDate inside el: it uses a
// prefix already bound to the CSE namespace there, or binds "csx" (or
// "csx2", …) on the document's root.
func cseTag(el *etree.Element) string {
	if p, ok := csePrefix(el); ok {
		return p + ":lastBuildDate"
	}
	root := el
	for root.Parent() != nil && root.Parent().Parent() != nil {
		root = root.Parent()
	}
	p := freePrefix(root)
	root.CreateAttr("xmlns:"+p, Namespace)
	return p + ":lastBuildDate"
}

// csePrefix finds a prefix bound to the CSE namespace in scope at el and not
// rebound closer to it.
func csePrefix(el *etree.Element) (string, bool) {
	for e := el; e != nil; e = e.Parent() {
		for _, a := range e.Attr {
			if a.Space == "xmlns" && a.Value == Namespace && boundTo(el, a.Key) == Namespace {
				return a.Key, true
			}
		}
	}
	return "", false
}

// boundTo is the namespace URI prefix p has at el.
func boundTo(el *etree.Element, p string) string {
	for e := el; e != nil; e = e.Parent() {
		for _, a := range e.Attr {
			if a.Space == "xmlns" && a.Key == p {
				return a.Value
			}
		}
	}
	return ""
}

func freePrefix(root *etree.Element) string {
	p := "csx"
	for n := 2; root.SelectAttr("xmlns:"+p) != nil; n++ {
		p = fmt.Sprintf("csx%d", n)
	}
	return p
}
