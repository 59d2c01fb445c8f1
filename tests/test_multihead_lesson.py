"""The multi-head + MLP lesson's numbers do what its narration says, read from its arrays: head 1
finds the adjectives, head 2 the article, W_O writes both into creature, and the AND neuron fires
for creature only once attention has made it fluffy. No figure is typed here: every check is a
relation between the core's own numbers."""

import re
from pathlib import Path

import numpy as np
import pytest

from attention import mlp, percent, short_figure
from attention.attention.lesson import lesson as attention_lesson
from attention.multihead_mlp import spoken
from attention.multihead_mlp.lesson import lesson
from common.number_words import integer_words

DRAFT = Path(__file__).resolve().parent.parent / "docs" / "drafts" / "multihead-mlp-narration.md"
ADJECTIVES, ARTICLE = "adjectives", "article"  # the heads, by their question
AND_FEATURES = ("fluffy texture", "noun")  # what the AND neuron needs, both


def test_the_phrase_and_embeddings_are_stop_7s():
    L, A = lesson(), attention_lesson()
    assert L.tokens == A.tokens and L.features[:len(A.features)] == A.features
    np.testing.assert_array_equal(L.embeddings[:, :len(A.features)], A.embeddings)
    assert not L.embeddings[:, len(A.features):].any()  # what the block adds, no token has yet


def test_each_head_is_smaller_than_the_model():
    L = lesson()
    d_model = len(L.features)
    assert len(L.heads) > 1
    for w_q, w_k, w_v in zip(L.w_q, L.w_k, L.w_v):
        assert w_q.shape == w_k.shape == w_v.shape == (d_model, d_model // len(L.heads))
    assert L.w_o.shape == (d_model, d_model)


def test_head_1_gives_creature_its_adjectives():
    L = lesson()
    w = L.focus_weights(ADJECTIVES)
    assert w[L.index("fluffy")] + w[L.index("blue")] > 0.8
    assert set(np.argsort(w)[-2:]) == {L.index("fluffy"), L.index("blue")}


def test_head_2_finds_the_article_by_another_rule():
    """Creature finds its article; the others find the noun: clearly not head 1's weights."""
    L = lesson()
    w = L.focus_weights(ARTICLE)
    assert np.argmax(w) == L.index("a") and w[L.index("a")] > 0.5
    weights = L.head(ARTICLE).weights
    for token in ("a", "fluffy", "blue"):
        assert np.argmax(weights[L.index(token)]) == L.focus
    assert np.abs(w - L.focus_weights(ADJECTIVES)).sum() > 1.5  # of 2 at most: nearly disjoint
    np.testing.assert_array_equal(L.focus_head_weights, [L.focus_weights(h) for h in L.heads])


def test_concatenation_then_w_o_then_the_residual():
    L = lesson()
    a = L.attention
    np.testing.assert_array_equal(a.concat, np.hstack([h.output for h in a.heads]))
    np.testing.assert_allclose(a.projected, a.concat @ L.w_o)
    np.testing.assert_allclose(a.residual, L.embeddings + a.projected)
    assert a.concat.shape[-1] == a.projected.shape[-1] == len(L.features)


def test_creature_gains_what_each_head_found():
    """W_O writes head 1's texture and colour and head 2's article into creature, each as much
    as creature's weight on the token it came from."""
    L = lesson()
    gained = dict(zip(L.features, L.focus_update))
    assert gained["fluffy texture"] == pytest.approx(L.focus_weights(ADJECTIVES)[L.index("fluffy")])
    assert gained["blue colour"] == pytest.approx(L.focus_weights(ADJECTIVES)[L.index("blue")])
    assert gained["article"] == pytest.approx(L.focus_weights(ARTICLE)[L.index("a")])
    assert gained["noun"] == gained["soft"] == 0.0


def test_the_mlp_works_on_each_token_alone():
    L = lesson()
    x = L.after_attention
    for i in range(len(L.tokens)):
        alone = mlp(x[i:i + 1], L.w_up, L.b_up, L.w_down, L.b_down)
        np.testing.assert_array_equal(alone.output[0], L.mlp.output[i])
    assert L.w_up.shape[1] > L.w_up.shape[0]  # up into a wider hidden layer
    np.testing.assert_allclose(L.output, x + L.mlp.output)


def test_the_and_neuron_fires_for_creature_only_once_it_is_fluffy():
    """After attention creature has both features and the neuron fires; every other token has
    one of them at most (fluffy: the texture; blue, a: neither) and its sum stays below zero, which
    the ReLU makes exactly 0; so does creature's own embedding, a noun with no texture."""
    L = lesson()
    n, f = L.neuron, [L.features.index(name) for name in AND_FEATURES]
    assert np.all(L.embeddings[L.focus, f] == [0, 1]) and np.all(L.after_attention[L.focus, f] > 0.5)
    assert L.mlp.pre_activation[L.focus, n] > 0 and L.mlp.activation[L.focus, n] > 0
    others = [i for i in range(len(L.tokens)) if i != L.focus]
    assert all(np.count_nonzero(L.embeddings[i, f]) <= 1 for i in others)
    assert np.count_nonzero(L.embeddings[L.index("fluffy"), f]) == 1  # the one-feature token
    for i in others:
        assert L.mlp.pre_activation[i, n] < 0 and L.mlp.activation[i, n] == 0.0, L.tokens[i]
    assert L.before.pre_activation[L.focus, n] < 0 and L.before.activation[L.focus, n] == 0.0


def test_the_and_neuron_is_an_and():
    """On a token with neither, either or both features (at full strength), only both fire."""
    L = lesson()
    d = len(L.features)
    fires = {}
    for has in ((), AND_FEATURES[:1], AND_FEATURES[1:], AND_FEATURES):
        x = np.zeros((1, d))
        x[0, [L.features.index(f) for f in has]] = 1.0
        fires[has] = mlp(x, L.w_up, L.b_up, L.w_down, L.b_down).activation[0, L.neuron]
    assert fires.pop(AND_FEATURES) > 0 and all(v == 0.0 for v in fires.values())


def test_the_neurons_sum_adds_up_and_writes_soft_into_creature_alone():
    L = lesson()
    terms = L.neuron_inputs(L.focus)
    assert terms.sum() + L.neuron_bias == pytest.approx(L.mlp.pre_activation[L.focus, L.neuron])
    soft = L.features.index("soft")
    assert L.mlp.output[L.focus, soft] == pytest.approx(L.mlp.activation[L.focus, L.neuron]
                                                        * L.w_down[L.neuron, soft])
    assert L.output[L.focus, soft] > 0 and not np.delete(L.output[:, soft], L.focus).any()


def test_the_neurons_working_adds_up_in_its_shown_figures():
    """Shown term by term (each weight × the feature as shown, then the bias), the figures a
    learner reads add up, with a pencil, to the pre-activation shown, for every token of the
    phrase, before and after attention (a texture of 0.585 shown as 0.58 once made 3×0.58 + 3×1
    + (−4) read 0.75)."""
    L = lesson()
    weights = L.w_up[:, L.neuron]
    for x, pre in ((L.after_attention, L.mlp.pre_activation[:, L.neuron]),
                   (L.embeddings, L.embeddings @ weights + L.neuron_bias)):
        for i in range(len(L.tokens)):
            shown = sum(float(short_figure(w)) * float(short_figure(v)) for w, v in zip(weights, x[i]))
            shown += float(short_figure(L.neuron_bias))
            assert short_figure(shown) == short_figure(pre[i]), L.tokens[i]


def test_every_array_is_frozen_and_computed_once():
    L = lesson()
    assert lesson() is L
    arrays = [L.embeddings, *L.w_q, *L.w_k, *L.w_v, L.w_o, L.w_up, L.b_up, L.w_down, L.b_down,
              L.attention.concat, L.attention.projected, L.attention.residual, L.mlp.pre_activation,
              L.mlp.activation, L.mlp.output, L.mlp.residual]
    arrays += [h.weights for h in L.attention.heads]
    assert all(not a.flags.writeable for a in arrays)


# --- the spoken figures: the screen's figure, said ----------------------------------------------

def test_spoken_figures_read_the_arrays():
    L = lesson()
    fluffy = L.focus_weights(ADJECTIVES)[L.index("fluffy")]
    assert spoken.spoken_value(ADJECTIVES, "fluffy", L) == integer_words(percent(fluffy))
    assert spoken.figure(ARTICLE, "a", L) == f"{percent(L.focus_weights(ARTICLE)[0])}%"
    assert spoken.figure("pre", "creature", L) == short_figure(L.mlp.pre_activation[L.focus, L.neuron])
    assert spoken.figure("fires", "fluffy", L) == "0" and spoken.spoken_value("fires", "blue", L) == "zero"
    assert spoken.spoken_value("bias", L.hidden[L.neuron], L).startswith("minus ")
    assert spoken.figure("count", "heads", L) == str(len(L.heads))


def test_a_name_of_the_wrong_sort_is_refused_with_the_right_ones():
    L = lesson()
    with pytest.raises(ValueError, match="no token of the phrase"):
        spoken.spoken_value(ADJECTIVES, "noun", L)
    with pytest.raises(ValueError, match="no feature of the model"):
        spoken.spoken_value("weight", "creature", L)
    with pytest.raises(ValueError, match="unknown number kind"):
        spoken.spoken_value("score", "creature", L)


SENTENCE = re.compile(r'^- `(?P<id>[a-z0-9-]+)`: "(?P<text>.*)"$', re.M)


def test_the_drafts_placeholders_are_all_the_cores():
    """Every {KIND:NAME} the narration draft's sentences say is a number the core fills."""
    L = lesson()
    sentences = SENTENCE.findall(DRAFT.read_text(encoding="utf-8"))
    assert len({i for i, _ in sentences}) == len(sentences) >= 20  # ids unique
    found = [m for _, text in sentences for m in re.findall(r"\{([a-z]+):([^}]*)\}", text)]
    assert len(found) >= 10
    names = spoken.PLACEHOLDERS.names(L)
    for kind, name in found:
        assert kind in spoken.PLACEHOLDERS.kinds and name in names, f"{{{kind}:{name}}}"
        assert spoken.PLACEHOLDERS.kinds[kind](L, name)
