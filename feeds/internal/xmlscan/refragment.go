package xmlscan

// Refragment makes s the scanner NewFragment(data, off, ns, lim) returns,
// with the limits s had, reusing the memory s holds: for a reader that
// reads many small fragments one after the other (the feeds writer reads
// each version it writes anew). Whatever s gave before, a token's Attrs
// among it, must no longer be in use.
func (s *Scanner) Refragment(data []byte, off int, ns []Binding) {
	stack, bound, attr, buf := s.stack[:0], s.ns[:0], s.attr[:0], s.buf[:0]
	lim := s.lim
	*s = Scanner{data: data, lim: lim, stack: stack, ns: bound, attr: attr, buf: buf}
	s.pos, s.start, s.frag = off, off, true
	for _, b := range ns {
		s.ns = append(s.ns, binding{b.Prefix, b.URI})
	}
}
