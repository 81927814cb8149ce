/* rlottie_frame.c - one frame of a Lottie file drawn by rlottie, as raw premultiplied BGRA.
 *
 * usage: rlottie_frame FILE POSITION WIDTH HEIGHT OUT
 *   POSITION is 0...1 of the file's loop: frame round(POSITION x total), at most the last.
 * Built and run by compare.py; rlottie is a peer to compare against, not a reference.
 */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s FILE POSITION WIDTH HEIGHT OUT\n", argv[0]);
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie could not load %s\n", argv[1]);
        return 1;
    }
    double position = atof(argv[2]);
    size_t width = (size_t)atol(argv[3]), height = (size_t)atol(argv[4]);
    size_t total = lottie_animation_get_totalframe(animation);
    size_t frame = (size_t)(position * (double)total + 0.5);
    if (total > 0 && frame > total - 1) frame = total - 1;
    uint32_t *pixels = calloc(width * height, 4);
    if (!pixels) return 1;
    lottie_animation_render(animation, frame, pixels, width, height, width * 4);
    FILE *out = fopen(argv[5], "wb");
    if (!out || fwrite(pixels, 4, width * height, out) != width * height) {
        perror(argv[5]);
        return 1;
    }
    fclose(out);
    free(pixels);
    lottie_animation_destroy(animation);
    return 0;
}
