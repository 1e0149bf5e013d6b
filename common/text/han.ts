/** A Chinese character (the Han script), anywhere in a string: the test the check engine and the typesetting reader share. */
export const HAN = /\p{Script=Han}/u;
