package sse

import "strings"

// digits are the characters Between builds keys from, in code-point order.
const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Between returns a sibling key that sorts strictly between lo and hi by
// code point; an empty lo means no lower bound and an empty hi no upper one.
// The key is made of ASCII letters and digits, except that it may repeat a
// prefix of lo or hi, and never ends in '0', so that there is always room
// below it. The same bounds always give the same key, which is how items
// placed at one spot by different endpoints come to tie on their key and be
// ordered by id (§3.2).
//
// ok is false when lo is not below hi, or when hi is lo followed only by
// characters no greater than '0': then no key that does not end in '0'
// fits. Keys made by Between never lead there.
func Between(lo, hi string) (key string, ok bool) {
	if hi != "" && lo >= hi {
		return "", false
	}
	var k []byte
	loTight, hiTight := true, hi != "" // k so far equals lo's (hi's) prefix
	for i := 0; ; i++ {
		loDone := !loTight || i >= len(lo)
		if hiTight && i >= len(hi) {
			return "", false // k is a prefix of hi, and cannot grow below it
		}
		dl, dh := 0, len(digits)-1 // the digits that keep lo < k < hi
		if !loDone {
			dl = strings.LastIndexFunc(digits, func(r rune) bool { return byte(r) <= lo[i] }) + 1
		}
		if hiTight {
			dh = strings.IndexFunc(digits, func(r rune) bool { return byte(r) >= hi[i] }) - 1
			if dh < -1 {
				dh = len(digits) - 1
			}
		}
		switch {
		case dl < dh || dl == dh && dl > 0:
			return string(append(k, digits[(dl+dh+1)/2])), true
		case dl == dh: // only '0' fits: take it and go on unbounded
			k = append(k, '0')
			loTight, hiTight = false, false
		case !loDone && (!hiTight || lo[i] < hi[i]): // follow lo, already below hi
			k = append(k, lo[i])
			hiTight = false
		default: // follow hi; k is already above lo, or ties with both
			k = append(k, hi[i])
			loTight = !loDone
		}
	}
}
