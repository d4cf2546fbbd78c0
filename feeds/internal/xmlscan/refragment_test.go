package xmlscan

import (
	"fmt"
	"slices"
	"testing"
)

// TestRefragmentIsNewFragment checks that a scanner reused for fragment
// after fragment gives what a new one gives for each.
func TestRefragmentIsNewFragment(t *testing.T) {
	data := []byte(`<r xmlns:p="urn:p"><p:a x="1" p:y="&amp;">t&#233;<b/><!--c--></p:a><c xmlns="urn:d"><d>e</d></c><bad>&#xZ;</bad></r>`)
	ns := []Binding{{"p", "urn:p"}}
	tokens := func(s *Scanner) []string {
		var out []string
		for s.Next() {
			t := s.Token()
			u, _ := s.Lookup(t.Name.Prefix)
			out = append(out, fmt.Sprintf("%d %d-%d %v {%s} %q %v", t.Kind, t.Off, t.End, t.Name, u, t.Text, t.Attrs))
		}
		return append(out, fmt.Sprint(s.Err()))
	}
	reused := NewFragment(data, 0, nil, DefaultLimits)
	tokens(reused)
	for _, off := range []int{19, 67, 19, 96, 0} {
		reused.Refragment(data, off, ns)
		want := tokens(NewFragment(data, off, ns, DefaultLimits))
		if got := tokens(reused); !slices.Equal(got, want) {
			t.Errorf("at %d:\n got %q\nwant %q", off, got, want)
		}
	}
}
