package resolver

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// fold lowers s and takes the accents off Latin letters, so that the
// filter finds "crème brûlée" when "creme brulee" is typed, and the other
// way round.
func fold(s string) string {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return strings.Map(foldRune, s)
		}
	}
	return strings.ToLower(s) // ASCII: a map lookup per letter cost a third of indexing
}

func foldRune(r rune) rune {
	r = unicode.ToLower(r)
	if b, ok := unaccented()[r]; ok {
		return b
	}
	return r
}

// unaccented maps accented Latin letters, lower case, to their base; it is
// made when a search first meets a letter beyond ASCII, not at start-up.
var unaccented = sync.OnceValue(func() map[rune]rune {
	groups := map[rune]string{
		'a': "àáâãäåāăą", 'c': "çćĉċč", 'd': "ďđ", 'e': "èéêëēĕėęě", 'g': "ĝğġģ", 'h': "ĥħ",
		'i': "ìíîïĩīĭįı", 'j': "ĵ", 'k': "ķ", 'l': "ĺļľŀł", 'n': "ñńņňŉ", 'o': "òóôõöøōŏő",
		'r': "ŕŗř", 's': "śŝşšș", 't': "ţťŧț", 'u': "ùúûüũūŭůűų", 'w': "ŵ", 'y': "ýÿŷ", 'z': "źżž",
	}
	m := map[rune]rune{}
	for base, rs := range groups {
		for _, r := range rs {
			m[r] = base
		}
	}
	return m
})
