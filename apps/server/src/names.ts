/**
 * When two account names are the same name: when they look alike. The key compared is a skeleton
 * in the manner of Unicode TS #39 (§4 "Confusable Detection"): the name in NFKC (fullwidth and
 * other compatibility forms become their plain letters), each character replaced by its prototype
 * from Unicode's confusables table (`unhomoglyph`, which ships the table `confusables.txt`: Cyrillic
 * А and Greek Α become Latin A, `m` becomes `rn`, `1` and `I` become `l`…), in NFD. Names compare
 * without case too, and case and look-alikes mix (`I` looks like `l`, and `i` is `I` in another case),
 * so the key is the skeleton of the upper case, lower-cased, skeletonised again: `Ivan`, `ivan`,
 * `lvan` and `Іvan` (Cyrillic І) have one key.
 *
 * The key is never shown: it only decides that a name is taken. It is stored with the account
 * (`players.name_skeleton`, unique), so the rule holds across processes and restarts.
 */
import unhomoglyph from 'unhomoglyph';

const prototypes = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** The confusables skeleton of a (normalised) name, case-insensitive. */
export function nameSkeleton(name: string): string {
  const plain = name.normalize('NFKC');
  return prototypes(prototypes(plain.toUpperCase()).toLowerCase());
}
