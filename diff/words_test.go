package diff

import (
	"reflect"
	"strconv"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		name        string
		a, b        string
		left, right []Span
	}{
		{
			name:  "attribute value",
			a:     `<a href="x">link</a>`,
			b:     `<a href="y">link</a>`,
			left:  []Span{{`<a href="`, Equal}, {"x", Delete}, {`">link</a>`, Equal}},
			right: []Span{{`<a href="`, Equal}, {"y", Insert}, {`">link</a>`, Equal}},
		},
		{
			name:  "one attribute of several",
			a:     `<img src="/a/cat.png" alt='a cat' width=10/>`,
			b:     `<img src="/a/dog.png" alt='a cat' width=12/>`,
			left:  []Span{{`<img src="/a/`, Equal}, {"cat", Delete}, {`.png" alt='a cat' width=`, Equal}, {"10", Delete}, {"/>", Equal}},
			right: []Span{{`<img src="/a/`, Equal}, {"dog", Insert}, {`.png" alt='a cat' width=`, Equal}, {"12", Insert}, {"/>", Equal}},
		},
		{
			name:  "entity",
			a:     "fish &amp; chips",
			b:     "fish &lt; chips",
			left:  []Span{{"fish &", Equal}, {"amp", Delete}, {"; chips", Equal}},
			right: []Span{{"fish &", Equal}, {"lt", Insert}, {"; chips", Equal}},
		},
		{
			name:  "last word",
			a:     "Get milk, eggs, butter and bread",
			b:     "Get milk, eggs, butter and rolls",
			left:  []Span{{"Get milk, eggs, butter and ", Equal}, {"bread", Delete}},
			right: []Span{{"Get milk, eggs, butter and ", Equal}, {"rolls", Insert}},
		},
		{
			name:  "inserted word",
			a:     "milk and bread",
			b:     "milk and fresh bread",
			left:  []Span{{"milk and bread", Equal}},
			right: []Span{{"milk and ", Equal}, {"fresh ", Insert}, {"bread", Equal}},
		},
		{
			name:  "space between changes joins them",
			a:     "say foo bar now",
			b:     "say baz qux now",
			left:  []Span{{"say ", Equal}, {"foo bar", Delete}, {" now", Equal}},
			right: []Span{{"say ", Equal}, {"baz qux", Insert}, {" now", Equal}},
		},
		{
			name:  "accent",
			a:     "café crème",
			b:     "café creme",
			left:  []Span{{"café ", Equal}, {"crème", Delete}},
			right: []Span{{"café ", Equal}, {"creme", Insert}},
		},
		{
			name:  "ideographs stand alone",
			a:     "日本語のテキスト",
			b:     "日本人のテキスト",
			left:  []Span{{"日本", Equal}, {"語", Delete}, {"のテキスト", Equal}},
			right: []Span{{"日本", Equal}, {"人", Insert}, {"のテキスト", Equal}},
		},
		{
			name:  "skin tone stays with its emoji",
			a:     "ok👍🏽!",
			b:     "ok👍🏿!",
			left:  []Span{{"ok", Equal}, {"👍🏽", Delete}, {"!", Equal}},
			right: []Span{{"ok", Equal}, {"👍🏿", Insert}, {"!", Equal}},
		},
		{
			name:  "joined emoji stay whole",
			a:     "we 👨‍👩‍👧 are",
			b:     "we 👨‍👩‍👦 are",
			left:  []Span{{"we ", Equal}, {"👨‍👩‍👧", Delete}, {" are", Equal}},
			right: []Span{{"we ", Equal}, {"👨‍👩‍👦", Insert}, {" are", Equal}},
		},
		{
			name:  "flags pair up",
			a:     "🇫🇷🇩🇪",
			b:     "🇫🇷🇮🇹",
			left:  []Span{{"🇫🇷", Equal}, {"🇩🇪", Delete}},
			right: []Span{{"🇫🇷", Equal}, {"🇮🇹", Insert}},
		},
		{
			name:  "trailing carriage return",
			a:     "a b\r",
			b:     "a b",
			left:  []Span{{"a b", Equal}, {"\r", Delete}},
			right: []Span{{"a b", Equal}},
		},
		{
			name:  "empty old",
			b:     "new text",
			right: []Span{{"new text", Insert}},
		},
		{
			name: "both empty",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			left, right := Words(tt.a, tt.b)
			if !reflect.DeepEqual(left, tt.left) {
				t.Errorf("left = %q, want %q", left, tt.left)
			}
			if !reflect.DeepEqual(right, tt.right) {
				t.Errorf("right = %q, want %q", right, tt.right)
			}
		})
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<a href="x">`, []string{"<", "a", " ", "href", "=", `"`, "x", `"`, ">"}},
		{"don't  stop", []string{"don", "'", "t", "  ", "stop"}},
		{"tab\t\tand  \nline", []string{"tab", "\t\t", "and", "  ", "\n", "line"}},
		{"e\u0301t\u00e9", []string{"e\u0301t\u00e9"}},
		{"日本語", []string{"日", "本", "語"}},
		{"a\xffb", []string{"a", "\xff", "b"}},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.in), func(t *testing.T) {
			if got := tokenize(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tokenize = %q, want %q", got, tt.want)
			}
		})
	}
}
