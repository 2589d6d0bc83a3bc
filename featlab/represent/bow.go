package represent

import (
	"fmt"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Weighting selects the entries of a bag-of-words vector.
type Weighting int

const (
	// Presence (the default): x_j = 1 if word w_j occurs in the document,
	// else 0, the representation x in {0,1}^k printed in 25.3.1
	// (scikit-learn's CountVectorizer(binary=True)).
	Presence Weighting = iota
	// Counts: x_j = number of occurrences of w_j (CountVectorizer()).
	Counts
	// TermFrequency: counts divided by the number of tokens of the
	// document, vocabulary words or not (0 for an empty document).
	TermFrequency
)

// Unseen is the policy for words of a document that are not in the fitted
// vocabulary.
type Unseen int

const (
	// IgnoreUnseen (the default) drops them, as scikit-learn does: they
	// have no column. They still count in the length of a document for
	// TermFrequency.
	IgnoreUnseen Unseen = iota
	// ErrorUnseen makes Transform fail, naming the document and word.
	ErrorUnseen
)

// BagOfWords maps documents, given as lists of tokens, to vectors over a
// vocabulary D = {w_1, ..., w_k} fitted on training documents (25.3.1). The
// vocabulary is sorted by byte order (scikit-learn's CountVectorizer order
// for the same tokens). Tokenising is the caller's job: the tokens are used
// as given (no lower-casing, no stop words).
//
// Documents are not numeric matrices, so BagOfWords is not a
// featlab.Transformer: Fit and Transform take [][]string. Decode maps
// vectors back to the sets of words they contain.
type BagOfWords struct {
	// Weighting: Presence (default), Counts or TermFrequency.
	Weighting Weighting
	// MinDocs >= 1 keeps only words occurring in at least MinDocs training
	// documents (CountVectorizer's min_df as a count). Default 1.
	MinDocs int
	// MaxWords > 0 keeps only the MaxWords words occurring in the most
	// training documents (ties: byte order), as a learner's short list of
	// frequent words (Zhou's "Oxford 3000"). Default 0: all.
	MaxWords int
	// Unseen is the policy for words not in the vocabulary.
	Unseen Unseen

	// Vocabulary is the fitted dictionary, sorted.
	Vocabulary []string
	// DocFreq[j] is the number of training documents containing
	// Vocabulary[j].
	DocFreq []int
	index   map[string]int
}

// Fit builds the vocabulary from the training documents.
//
// Errors: no documents, or no word left after MinDocs/MaxWords (ErrEmpty,
// "empty vocabulary"); MinDocs or MaxWords < 0, an unknown Weighting or
// Unseen (ErrParam).
func (b *BagOfWords) Fit(docs [][]string) error {
	if b.MinDocs < 0 || b.MaxWords < 0 {
		return featlab.Errorf(featlab.ErrParam, "represent: BagOfWords: MinDocs = %d and MaxWords = %d must be >= 0", b.MinDocs, b.MaxWords)
	}
	if b.Weighting < Presence || b.Weighting > TermFrequency || b.Unseen < IgnoreUnseen || b.Unseen > ErrorUnseen {
		return featlab.Errorf(featlab.ErrParam, "represent: BagOfWords: unknown Weighting %d or Unseen %d", b.Weighting, b.Unseen)
	}
	if len(docs) == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "represent: BagOfWords: no training documents")
	}
	df := map[string]int{}
	for _, doc := range docs {
		seen := map[string]bool{}
		for _, w := range doc {
			if !seen[w] {
				seen[w] = true
				df[w]++
			}
		}
	}
	minDocs := max(b.MinDocs, 1)
	words := make([]string, 0, len(df))
	for w, c := range df {
		if c >= minDocs {
			words = append(words, w)
		}
	}
	if b.MaxWords > 0 && len(words) > b.MaxWords {
		sort.Slice(words, func(i, j int) bool {
			if df[words[i]] != df[words[j]] {
				return df[words[i]] > df[words[j]]
			}
			return words[i] < words[j]
		})
		words = words[:b.MaxWords]
	}
	if len(words) == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "represent: BagOfWords: empty vocabulary (the training documents have no word in at least %d documents)", minDocs)
	}
	sort.Strings(words)
	b.Vocabulary = words
	b.DocFreq = make([]int, len(words))
	b.index = make(map[string]int, len(words))
	for j, w := range words {
		b.index[w] = j
		b.DocFreq[j] = df[w]
	}
	return nil
}

// Transform returns the len(docs) x k matrix of document vectors. It is
// dense: a matrix over featlab.DefaultMaxCells values (1 GiB) is refused
// with ErrTooLarge before it is allocated; transform in batches.
func (b *BagOfWords) Transform(docs [][]string) (*mat.Dense, error) {
	if b == nil || b.index == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: BagOfWords used before Fit")
	}
	if len(docs) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "represent: BagOfWords: no documents")
	}
	k := len(b.Vocabulary)
	if err := featlab.CheckCells("represent: BagOfWords.Transform: the dense document-term matrix", "", len(docs), k, 0); err != nil {
		return nil, featlab.Wrap(err, "transform the documents in batches")
	}
	out := mat.NewDense(len(docs), k, nil)
	o := out.RawMatrix().Data
	for i, doc := range docs {
		row := o[i*k : (i+1)*k]
		for _, w := range doc {
			j, ok := b.index[w]
			if !ok {
				if b.Unseen == ErrorUnseen {
					return nil, featlab.Errorf(featlab.ErrParam, "represent: BagOfWords: document %d has the word %q not in the vocabulary", i, w)
				}
				continue
			}
			if b.Weighting == Presence {
				row[j] = 1
			} else {
				row[j]++
			}
		}
		if b.Weighting == TermFrequency && len(doc) > 0 {
			for j := range row {
				row[j] /= float64(len(doc))
			}
		}
	}
	return out, nil
}

// Decode returns, for each row of V, the vocabulary words with a nonzero
// entry, in vocabulary order.
func (b *BagOfWords) Decode(V mat.Matrix) ([][]string, error) {
	if b == nil || b.index == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: BagOfWords used before Fit")
	}
	if featlab.IsNil(V) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "represent: BagOfWords.Decode: nil matrix")
	}
	m, k := V.Dims()
	if k != len(b.Vocabulary) {
		return nil, featlab.Errorf(featlab.ErrShape, "represent: BagOfWords.Decode: %d columns for a vocabulary of %d words", k, len(b.Vocabulary))
	}
	out := make([][]string, m)
	for i := 0; i < m; i++ {
		out[i] = []string{}
		for j := 0; j < k; j++ {
			if V.At(i, j) != 0 {
				out[i] = append(out[i], b.Vocabulary[j])
			}
		}
	}
	return out, nil
}

// OutputNames returns the vocabulary as column names (featlab.Namer style;
// the input names are ignored).
func (b *BagOfWords) OutputNames([]string) ([]string, error) {
	if b == nil || b.index == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: BagOfWords used before Fit")
	}
	return append([]string(nil), b.Vocabulary...), nil
}

// String summarises the vocabulary.
func (b *BagOfWords) String() string {
	return fmt.Sprintf("BagOfWords{%d words}", len(b.Vocabulary))
}
