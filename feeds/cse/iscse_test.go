package cse

import (
	"fmt"
	"testing"
)

// TestIsCSE covers "Namespaces and Version": the namespace is recognised by
// its URI, whatever the prefix, and a prefix alone means nothing.
func TestIsCSE(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		want bool
	}{
		{"csx prefix", `<rss xmlns:csx="` + Namespace + `"><channel/></rss>`, true},
		{"other prefix", `<rss xmlns:q="` + Namespace + `"><channel><item><q:link>x</q:link></item></channel></rss>`, true},
		{"default namespace on an element", `<rss><channel><item><link xmlns="` + Namespace + `">x</link></item></channel></rss>`, true},
		{"declared deep down", `<rss><channel><item><x xmlns:c="` + Namespace + `"/></item></channel></rss>`, true},
		{"csx prefix bound to another URI", `<rss xmlns:csx="http://example.test/other"><csx:link>x</csx:link></rss>`, false},
		{"csx prefix never declared", `<rss><channel><item><csx:link>x</csx:link></item></channel></rss>`, false},
		{"plain RSS", `<rss version="2.0"><channel><title>t</title></channel></rss>`, false},
		{"URI in text only", `<rss><channel><description>` + Namespace + `</description></channel></rss>`, false},
		{"URI in a comment only", `<rss><!-- xmlns:csx="` + Namespace + `" --><channel/></rss>`, false},
		{"spec example, unquoted declaration", `<rss version="2.0" xmlns:csx=` + Namespace + ` ><channel/></rss>`, true},
		{"not XML", `{"json": true}`, false},
		{"empty", ``, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsCSE([]byte(tc.doc)); got != tc.want {
				t.Errorf("IsCSE(%s) = %v, want %v", tc.doc, got, tc.want)
			}
		})
	}
}

func ExampleIsCSE() {
	fmt.Println(IsCSE([]byte(`<rss xmlns:c="http://schemas.microsoft.com/rss/2007/contentsyncextensions"/>`)))
	fmt.Println(IsCSE([]byte(`<rss><csx:link>no namespace declared</csx:link></rss>`)))
	// Output:
	// true
	// false
}
