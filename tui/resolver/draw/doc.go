// Package draw holds what the resolver's views share to draw a screen:
// the styles (one Styles value for the whole look, with or without
// colour), runs of text shown one way (Piece), wrapping them at words
// into rows of a width and painting those rows, fitting and padding text
// to cells, the keys that scroll a body and the rule that says how far
// down it is, and the words that name a version by its latest change.
//
// It draws and decides nothing: package resolver and its merge view
// (package mergeview) lay out their screens with it.
package draw
