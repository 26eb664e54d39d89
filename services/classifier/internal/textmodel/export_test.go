package textmodel

// Words and Gloss let the external tests look at the glossary by itself.
var (
	Words = words
	Gloss = gloss
)
