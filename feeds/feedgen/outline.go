package feedgen

import (
	"fmt"
	"strings"
)

// OutlineSSE returns an SSE 0.91 OPML outline of n outlines nested in the
// body, outline i with sx:sync id "oi" at version 1 and text "outline i":
// a tree of each thousand, ten children to an outline (outline 1000k+j,
// for j > 0, the child of 1000k+(j-1)/10), four levels deep, each level
// indented one space more. The same n gives the same bytes.
func OutlineSSE(n int) []byte {
	var b strings.Builder
	b.WriteString(`<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><head><title>t</title></head><body>` + "\n")
	var write func(k, j int, ind string)
	write = func(k, j int, ind string) {
		i := k + j
		fmt.Fprintf(&b, `%s<outline text="outline %d"><sx:sync id="o%d" version="1"><sx:history when="Sat, 21 May 2005 09:00:00 GMT" by="ep1"/></sx:sync>`+"\n", ind, i, i)
		for c := 10*j + 1; c <= 10*j+10 && c < 1000 && k+c < n; c++ {
			write(k, c, ind+" ")
		}
		b.WriteString(ind + "</outline>\n")
	}
	for k := 0; k < n; k += 1000 {
		write(k, 0, "")
	}
	b.WriteString("</body></opml>\n")
	return []byte(b.String())
}
