import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import { PublisherDetailDto } from './dto/publisher-detail.dto.js';
import { PublisherFilesService } from './publisher-files.service.js';
import { sendPrivateFile } from '../storage/private-file.js';

const oneFile = {
  schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
};
const manyFiles = {
  schema: {
    type: 'object',
    required: ['files'],
    properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
  },
};

/** Pictures and documents of the caller's own kitchen (any status), and its private files. */
@ApiTags('publisher')
@ApiPayloadTooLargeResponse({ description: 'A file is larger than 5 MB' })
@ApiUnsupportedMediaTypeResponse({ description: 'A file is not an accepted type (judged by its bytes)' })
@Controller('publisher')
export class PublisherFilesController {
  constructor(private readonly service: PublisherFilesService) {}

  @Post('upload-logo')
  @HttpCode(200)
  @UseInterceptors(Upload('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody(oneFile)
  @ApiOperation({ summary: 'Replace your kitchen logo (a picture, resized to web sizes)' })
  @ApiOkResponse({ type: PublisherDetailDto })
  uploadLogo(
    @Actor() actor: Principal,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<PublisherDetailDto> {
    return this.service.uploadLogo(actor, file);
  }

  @Post('upload-profile-picture')
  @HttpCode(200)
  @UseInterceptors(Upload('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody(oneFile)
  @ApiOperation({ summary: 'Replace your profile picture' })
  @ApiOkResponse({ type: PublisherDetailDto })
  uploadProfilePicture(
    @Actor() actor: Principal,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<PublisherDetailDto> {
    return this.service.uploadProfilePicture(actor, file);
  }

  @Post('upload-kitchen-pictures')
  @HttpCode(200)
  @UseInterceptors(Upload('files', 10))
  @ApiConsumes('multipart/form-data')
  @ApiBody(manyFiles)
  @ApiOperation({ summary: 'Add pictures of your kitchen (public; at most 10 in all)' })
  @ApiOkResponse({ type: PublisherDetailDto })
  addKitchenPictures(
    @Actor() actor: Principal,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<PublisherDetailDto> {
    return this.service.addKitchenPictures(actor, files?.files);
  }

  @Post('upload-identity-pictures')
  @HttpCode(200)
  @UseInterceptors(Upload('files', 5))
  @ApiConsumes('multipart/form-data')
  @ApiBody(manyFiles)
  @ApiOperation({
    summary: 'Add identity pictures (private: you and admins only; JPEG, PNG, WebP or PDF; at most 5)',
  })
  @ApiOkResponse({ type: PublisherDetailDto })
  addIdentityPictures(
    @Actor() actor: Principal,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<PublisherDetailDto> {
    return this.service.addIdentityPictures(actor, files?.files);
  }

  @Post('upload-licenses')
  @HttpCode(200)
  @UseInterceptors(Upload('files', 10))
  @ApiConsumes('multipart/form-data')
  @ApiBody(manyFiles)
  @ApiOperation({
    summary: 'Add licences and certifications (private documents: PDF or picture; at most 10)',
  })
  @ApiOkResponse({ type: PublisherDetailDto })
  addLicenses(
    @Actor() actor: Principal,
    @UploadedFiles() files: { files?: UploadedBlob[] } | undefined,
  ): Promise<PublisherDetailDto> {
    return this.service.addLicenses(actor, files?.files);
  }

  @Get('files/*')
  @ApiOperation({
    summary:
      "A kitchen's private file (identity picture, licence, food handler permit): its owner and admins only, 404 for anyone else",
  })
  async readPrivate(
    @Actor() actor: Principal,
    @Param('*') key: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    // A download, sandboxed (S-21): storage/private-file.ts.
    return void sendPrivateFile(res, await this.service.readPrivate(actor, key));
  }

  @Delete('files/*')
  @ApiOperation({
    summary: 'Remove one of your kitchen pictures, identity pictures, licences, logo or profile picture',
  })
  @ApiOkResponse({ type: PublisherDetailDto })
  removeFile(@Actor() actor: Principal, @Param('*') key: string): Promise<PublisherDetailDto> {
    return this.service.removeFile(actor, key);
  }
}
