package resolver

import (
	"encoding/xml"
	"html"
	"regexp"
	"strings"
	"sync"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Markup in a field's text: Atom content of type xhtml (whose value is
// the XHTML div) or html (whose value is the HTML, unescaped once), and
// RSS descriptions that hold escaped HTML, which read the same once
// unescaped. The item screen labels such a field and, on r, shows it with
// the tags and entities rendered away; the word diff works on either,
// each tag and entity one word (diff.ByMarkup), as the merge view's hunks
// are cut: no hunk cuts a tag, so that taking one cannot leave half of it
// (issue 20 item 1).

// The expressions that render markup away (r on the item screen), compiled
// when first used: every command would pay for them at start-up
// (TestStartupInitIsLight).
var (
	tagRe  = mergemodel.TagRe
	imgRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)<img(\s[^<>]*)?/?>`) })
	attrRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\s([a-z:]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>/]+)`)
	})
	blockRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)<(br|/?p|/?div|/?li|/?h[1-6]|/?tr|/?blockquote|/?pre|/?ul|/?ol|/?table)(\s[^<>]*)?/?>`)
	})
	spacesRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[ \t]+`) })
)

// markupOf names the markup a text holds: "xhtml", "html", or "".
func markupOf(s string) string { return mergemodel.MarkupOf(s) }

// kindOf names what the values of the field key hold, which the item
// screen labels and r renders: "xhtml" or "html" for markup, "xml" for a
// foreign element that holds none, "" for text. It is where an element's
// kind is decided. A foreign element's value is the element written out
// (its key is "{namespace}local[n]"), whose tags are no sign of HTML: it
// is "html" when it is one RSS's content module gives HTML to
// (content:encoded) or when its own text holds HTML (escaped tags or
// entities); else "xml", text and attributes, as itunes:duration,
// itunes:image href, media:content url type fileSize and
// yt:accessControl are. Other fields are their text's markup (markupOf).
func kindOf(key string, values ...string) string {
	if !strings.HasPrefix(key, "{") {
		return markupOf(strings.Join(values, ""))
	}
	if strings.HasPrefix(key, "{"+nsContent+"}encoded") {
		return "html"
	}
	for _, v := range values {
		if markupOf(elementText(v)) != "" {
			return "html"
		}
	}
	return "xml"
}

// nsContent is RSS's content module (content:encoded holds HTML).
const nsContent = "http://purl.org/rss/1.0/modules/content/"

// renderedAs returns the value of the field key, of kind (kindOf), as r
// shows it: markup rendered (renderedMarkup), the HTML a foreign
// element's text holds rendered likewise, a foreign element of kind "xml"
// as its text and attributes (renderedXML).
func renderedAs(kind, key, s string) string {
	switch {
	case kind == "xml":
		return renderedXML(s)
	case strings.HasPrefix(key, "{"):
		return renderedMarkup(elementText(s))
	}
	return renderedMarkup(s)
}

// elementText returns the character data of the element written out in
// s, its own and its descendants', references decoded: for a foreign
// element that holds HTML as text (content:encoded), that HTML.
func elementText(s string) string {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = false
	var b strings.Builder
	for {
		t, err := d.Token()
		if err != nil {
			return b.String()
		}
		if cd, ok := t.(xml.CharData); ok {
			b.Write(cd)
		}
	}
}

// renderedXML shows the element written out in s as its text and
// attributes, a line each ("name: value"), its child elements below, a
// child of text alone on one line ("media:title: Clip"), another under its
// name, indented: never nothing for an element that has attributes alone
// (itunes:image href="…"). The element's own name is the field's label
// and is left out.
func renderedXML(s string) string {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = false
	var stack []*xmlNode
	var top *xmlNode
	for {
		t, err := d.Token()
		if err != nil {
			break
		}
		switch t := t.(type) {
		case xml.StartElement:
			n := &xmlNode{name: qualified(t.Name), attrs: t.Attr}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			} else if top == nil {
				top = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if top == nil {
		return s
	}
	return strings.Join(top.lines(""), "\n")
}

// xmlNode is an element renderedXML shows.
type xmlNode struct {
	name  string
	attrs []xml.Attr
	text  strings.Builder
	kids  []*xmlNode
}

// lines returns the node's attributes, text and children, each line
// indented by ind.
func (n *xmlNode) lines(ind string) []string {
	var out []string
	for _, a := range n.attrs {
		out = append(out, ind+qualified(a.Name)+": "+a.Value)
	}
	if t := strings.Join(strings.Fields(n.text.String()), " "); t != "" {
		out = append(out, ind+t)
	}
	for _, k := range n.kids {
		if len(k.attrs) == 0 && len(k.kids) == 0 {
			out = append(out, ind+k.name+": "+strings.Join(strings.Fields(k.text.String()), " "))
			continue
		}
		out = append(out, ind+k.name+":")
		out = append(out, k.lines(ind+"  ")...)
	}
	return out
}

// qualified returns a name as written: encoding/xml gives an unbound
// prefix (a foreign element's value declares none) as its space.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// rendered returns the text with its tags rendered away: block elements
// and line breaks become line breaks, an image a placeholder with its alt
// text and address ("[image: alt <src>]"), other tags go, entities are
// decoded, and runs of spaces shrink to one.
func renderedMarkup(s string) string {
	s = imgRe().ReplaceAllStringFunc(s, imagePlaceholder)
	s = blockRe().ReplaceAllString(s, "\n")
	s = tagRe().ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	var lines []string
	blank := false
	for l := range strings.SplitSeq(s, "\n") {
		l = strings.TrimSpace(spacesRe().ReplaceAllString(l, " "))
		if l == "" {
			if !blank && len(lines) > 0 {
				lines = append(lines, "")
			}
			blank = true
			continue
		}
		lines, blank = append(lines, l), false
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// diffRows is diff.SideBySide, or for markup shown as it is written
// diff.SideBySideMarkup.
func diffRows(a, b string, markup bool) []diff.Row {
	if markup {
		return diff.SideBySideMarkup(a, b)
	}
	return diff.SideBySide(a, b)
}

// imagePlaceholder stands for an img tag in rendered markup: its alt text
// and its address, which a terminal cannot show as an image; never
// nothing, so that a change to an image shows.
func imagePlaceholder(tag string) string {
	var alt, src string
	for _, m := range attrRe().FindAllStringSubmatch(tag, -1) {
		v := html.UnescapeString(strings.Trim(m[2], `"'`))
		switch strings.ToLower(m[1]) {
		case "alt":
			alt = v
		case "src":
			src = v
		}
	}
	switch {
	case alt != "" && src != "":
		return "[image: " + alt + " <" + src + ">]"
	case src != "":
		return "[image <" + src + ">]"
	case alt != "":
		return "[image: " + alt + "]"
	}
	return "[image]"
}
